import type { DanceClass, LoginResult, MembershipCard, Order } from '@xdance/contract'
import type { BrowserContext, Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { dwell, PREFIX, screenshot, useHarness } from './support/harness'
import { expectTraces, expectVisits, leaveAndCollect } from './support/tracking'

// Issue 12 end to end: buying a card from a class and booking it, paying inside WeChat (the bridge emulated, the
// gateway playing WeChat Pay), a duplicate payment notification, an expired order, the waitlist's promotion with
// its notice, and the reminder after the gateway's clock moves on. The gateway runs on a clock of this file's own.

let offsetMs = 0
const h = useHarness({
  gateway: {
    now: () => new Date(Date.now() + offsetMs),
    // Several customers sign in from this one address.
    limits: { smsPerAddressPerMinute: 100, smsPerMinute: 100 },
  },
})
beforeEach(() => {
  offsetMs = 0
})

type Answer<T> = { code: number; msg: string; data: T }
const auth = (session: LoginResult) => ({ authorization: `${session.head}${session.token}` })

async function signedInPhone(
  phone: string,
  extra: Parameters<typeof h.phone>[1] = {},
): Promise<{ session: LoginResult; context: BrowserContext; page: Page }> {
  const session = await h.apiLogin(phone)
  // 375 px wide, the screenshots' width.
  const { context, page } = await h.phone('iphone', { viewport: { width: 375, height: 812 }, ...extra })
  await context.addCookies([
    { name: 'xdance-head', value: encodeURIComponent(session.head), url: h.url('/') },
    { name: 'xdance-token', value: session.token, url: h.url('/') },
  ])
  return { session, context, page }
}

async function stageClass(body: Record<string, unknown>): Promise<DanceClass> {
  return h.api<DanceClass>('/__dev/classes', { body })
}

async function cards(session: LoginResult): Promise<MembershipCard[]> {
  return (await h.api<Answer<{ list: MembershipCard[] }>>('/cards', { headers: auth(session) })).data.list
}

async function orderOnPage(page: Page, session: LoginResult): Promise<Order> {
  const id = Number(new URL(page.url()).pathname.split('/').at(-1))
  return (await h.api<Answer<Order>>(`/orders/${id}`, { headers: auth(session) })).data
}

describe('buying a card', () => {
  it('from a class the customer cannot book: shop, order, front desk, back to the class and booked', async () => {
    const item = await stageClass({ startsInMinutes: 24 * 60 })
    const { session, page } = await signedInPhone('13900000001')
    await page.goto(h.url(`/classes/${item.id}`))
    await page.getByTestId('no-card').waitFor()
    await dwell(page)
    await page.getByRole('link', { name: '购买会员卡' }).click()
    await page.waitForURL(`**/shop?return=%2Fclasses%2F${item.id}`)
    const ten = page.getByTestId('product').filter({ hasText: '10 次卡' })
    await ten.getByText('¥880').waitFor()
    await screenshot(page, '30-shop')
    await ten.getByRole('button', { name: '购买' }).click()
    await page.waitForURL(/\/orders\/\d+\?return=/)
    const orderPath = new URL(page.url()).pathname
    await page.getByTestId('pay-code').waitFor()
    expect(await page.getByTestId('order-status').textContent()).toBe('待支付')
    expect(await page.getByTestId('order-countdown').textContent()).toMatch(
      /^请在 \d\d:\d\d 前完成支付，剩余 1[45]:\d\d$/,
    )
    await screenshot(page, '31-order-pending')
    // A phone browser outside WeChat: WeChat Pay's H5 page, or the code shown at the front desk (taken here).
    expect(await page.getByRole('button', { name: '微信支付', exact: true }).count()).toBe(1)
    const payCode = (await page.getByTestId('pay-code').textContent()) ?? ''
    expect(await cards(session)).toEqual([])
    const paid = await h.api<Order>('/__dev/front-desk/pay', { body: { payCode } })
    expect(paid.status).toBe('paid')
    // The page finds out by itself (it reloads the order while pending).
    await page.getByTestId('order-paid').waitFor({ timeout: 15_000 })
    await screenshot(page, '32-order-paid')
    expect((await cards(session)).map((card) => card.name)).toEqual(['10 次卡'])
    await page.getByRole('link', { name: '返回课程去预约' }).click()
    await page.waitForURL(`**/classes/${item.id}`)
    await page.getByRole('button', { name: '确认预约' }).click()
    await page.getByTestId('booking-result').waitFor()
    expect(await page.getByTestId('booking-result').textContent()).toContain('10 次卡')
    await dwell(page)
    const paths = [`/classes/${item.id}`, '/shop', orderPath, `/classes/${item.id}`]
    expectVisits(await leaveAndCollect(h, page, paths.length), paths)
    await expectTraces(h, paths)
  })

  it('inside WeChat: the bridge pays, the gateway hears from WeChat Pay, one card even for a duplicate notice', async () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN'
    const { session, context, page } = await signedInPhone('13900000002', { userAgent: ua })
    const bridgeCalls: string[] = []
    await page.exposeFunction('__bridgeCalled', (name: string, pkg: string) =>
      bridgeCalls.push(`${name} ${pkg}`),
    )
    // WeChat's bridge, emulated: the customer confirms, WeChat Pay notifies the gateway, then the callback says ok.
    await context.addInitScript((prefix: string) => {
      const w = window as unknown as Record<string, unknown>
      w.WeixinJSBridge = {
        invoke(name: string, params: { package: string }, done: (answer: { err_msg: string }) => void) {
          void (w.__bridgeCalled as (n: string, p: string) => Promise<void>)(name, params.package)
          const orderNo = document.querySelector('[data-testid="order-no"]')?.textContent ?? ''
          void fetch(`${prefix}/__dev/pay/${orderNo}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ transactionId: '4200000000000001' }),
          }).then(() => done({ err_msg: 'get_brand_wcpay_request:ok' }))
        },
      }
    }, PREFIX)
    await page.goto(h.url('/shop'))
    const trial = page.getByTestId('product').filter({ hasText: '体验卡' })
    await trial.getByRole('button', { name: '购买' }).click()
    await page.waitForURL(/\/orders\/\d+$/)
    // Inside WeChat: WeChat Pay through the bridge (the front-desk code beside it).
    await page.getByRole('button', { name: '微信支付', exact: true }).click()
    await page.getByTestId('order-paid').waitFor({ timeout: 15_000 })
    expect(bridgeCalls).toEqual([expect.stringMatching(/^getBrandWCPayRequest prepay_id=/)])
    const order = await orderOnPage(page, session)
    expect(order).toMatchObject({ status: 'paid', payChannel: 'wechat' })
    // WeChat Pay sends the same transaction's notification again: SUCCESS, and still one card.
    const again = await h.api<{ status: number; code: string }>(`/__dev/pay/${order.orderNo}`, {
      body: { transactionId: '4200000000000001' },
    })
    expect(again).toMatchObject({ status: 200, code: 'SUCCESS' })
    expect((await cards(session)).map((card) => card.name)).toEqual(['体验卡（1 次）'])
    // The trial is sold once: the shop says so now.
    await page.goto(h.url('/shop'))
    await page.getByTestId('trial-used').waitFor()
  })

  it('an order left unpaid expires: shown expired, and neither WeChat Pay nor the front desk can pay it', async () => {
    const { session, page } = await signedInPhone('13900000003')
    await page.goto(h.url('/shop'))
    await page
      .getByTestId('product')
      .filter({ hasText: '20 次卡' })
      .getByRole('button', { name: '购买' })
      .click()
    await page.waitForURL(/\/orders\/\d+$/)
    await page.getByTestId('pay-code').waitFor()
    const order = await orderOnPage(page, session)
    offsetMs = 16 * 60_000
    await page.reload()
    await page.getByTestId('order-closed').waitFor()
    expect(await page.getByTestId('order-status').textContent()).toBe('已过期')
    expect(await page.getByTestId('pay-code').count()).toBe(0)
    expect(await page.getByRole('button', { name: '取消订单' }).count()).toBe(0)
    const late = await h.api<{ status: number; code: string }>(`/__dev/pay/${order.orderNo}`, { body: {} })
    expect(late).toMatchObject({ status: 409, code: 'FAIL' })
    const desk = await h.api<{ code?: number }>('/__dev/front-desk/pay', { body: { payCode: order.payCode } })
    expect(desk.code).toBe(40912)
    expect(await cards(session)).toEqual([])
  })
})

describe('the waitlist and notices', () => {
  it('joins a full class, is promoted when someone cancels, and reads the notice', async () => {
    const item = await stageClass({ startsInMinutes: 24 * 60, capacity: 1 })
    const other = await h.apiLogin('13900000005')
    await h.api('/__dev/cards', { body: { phone: '13900000005' } })
    const booked = await h.api<Answer<{ id: number }>>('/bookings', {
      body: { classId: item.id },
      headers: auth(other),
    })
    expect(booked.code).toBe(200)
    await h.api('/__dev/cards', { body: { phone: '13900000004', name: '候补卡' } })
    const { page } = await signedInPhone('13900000004')
    await page.goto(h.url(`/classes/${item.id}`))
    await page.getByRole('heading', { name: '候补' }).waitFor()
    await page.getByRole('button', { name: '加入候补' }).click()
    await page.getByTestId('on-waitlist').waitFor()
    expect(await page.getByTestId('on-waitlist').textContent()).toContain('你在候补第 1 位')
    await screenshot(page, '33-waitlist')
    // Someone else cancels: the seat goes to the first on the list, in the same transaction.
    const cancelled = await h.api<Answer<unknown>>(`/bookings/${booked.data.id}/cancel`, {
      body: {},
      headers: auth(other),
    })
    expect(cancelled.code).toBe(200)
    await page.reload()
    await page.getByTestId('already-booked').waitFor()
    // The profile tab counts the unread notice; the notices page shows it.
    await page.goto(h.url('/me'))
    await page.getByTestId('unread-badge').waitFor()
    await page.getByRole('link', { name: '消息通知' }).click()
    const promoted = page.locator('[data-testid="notice"][data-kind="waitlist-promoted"]')
    await promoted.waitFor()
    expect(await promoted.getAttribute('data-read')).toBe('false')
    await screenshot(page, '34-notices')
    await page.getByRole('button', { name: '全部已读' }).click()
    await page.getByTestId('unread-badge').waitFor({ state: 'detached' })
    expect(await promoted.getAttribute('data-read')).toBe('true')
  })

  it('the reminder arrives once the gateway’s clock reaches two hours before class', async () => {
    const item = await stageClass({ startsInMinutes: 4 * 60 })
    await h.api('/__dev/cards', { body: { phone: '13900000006' } })
    const { session, page } = await signedInPhone('13900000006')
    const booked = await h.api<Answer<unknown>>('/bookings', {
      body: { classId: item.id },
      headers: auth(session),
    })
    expect(booked.code).toBe(200)
    type Outbox = Array<{ kind: string }>
    const reminders = (list: Outbox) => list.filter((message) => message.kind === 'class-reminder').length
    await h.api('/__dev/scheduler/tick', { body: {} })
    const before = reminders(await h.api<Outbox>('/__dev/outbox'))
    // Two hours and a minute later by the gateway's clock, the class is within the reminder's two hours.
    offsetMs = 2 * 60 * 60_000 + 60_000
    const due = await h.api<{ dueNotices: number }>('/__dev/scheduler/tick', { body: {} })
    expect(due.dueNotices).toBeGreaterThanOrEqual(1)
    expect(reminders(await h.api<Outbox>('/__dev/outbox'))).toBe(before + 1)
    await page.goto(h.url('/notices'))
    const reminder = page.locator('[data-testid="notice"][data-kind="class-reminder"]')
    await reminder.waitFor()
    expect(await reminder.getByRole('link', { name: '查看课程' }).getAttribute('href')).toBe(
      `/classes/${item.id}`,
    )
    // A second run sends nothing again.
    expect((await h.api<{ dueNotices: number }>('/__dev/scheduler/tick', { body: {} })).dueNotices).toBe(0)
  })
})
