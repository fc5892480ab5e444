import type { LoginResult, MembershipCard, Order } from '@xdance/contract'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot, useHarness } from './support/harness'

// Issue 23 end to end: paying where the customer is, each path verified by the gateway (the emulated platform's
// signed notification pays, never the page): inside WeChat through the demo's stand-in WeixinJSBridge (nothing
// injected by the test), WeChat Pay's H5 page from a phone browser, a Native QR code on a desktop, the front-desk
// code inside WeChat too; and a pending order resumed from the orders list, then expired by the studio's clock.

const h = useHarness({ gateway: { limits: { smsPerAddressPerMinute: 100, smsPerMinute: 100 } } })

type Answer<T> = { code: number; msg: string; data: T }
const auth = (session: LoginResult) => ({ authorization: `${session.head}${session.token}` })

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN'
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'

const LABELS = {
  zh: { buy: '购买', wechat: '微信支付', native: '微信扫码支付', paid: '已支付', left: '剩余 1 次' },
  en: {
    buy: 'Buy',
    wechat: 'Pay with WeChat',
    native: 'Pay with WeChat (QR code)',
    paid: 'Paid',
    left: ': 1 left, valid until',
  },
} as const
type Locale = keyof typeof LABELS

let phones = 0
async function customer(
  locale: Locale,
  extra: Parameters<typeof h.phone>[1] = {},
): Promise<{ session: LoginResult; context: BrowserContext; page: Page }> {
  phones += 1
  const session = await h.apiLogin(`1390000${String(1000 + phones).slice(-4)}`)
  // 390 px wide, the screenshots' width.
  const { context, page } = await h.phone('iphone', { viewport: { width: 390, height: 844 }, ...extra })
  await context.addCookies([
    { name: 'xdance-head', value: encodeURIComponent(session.head), url: h.url('/') },
    { name: 'xdance-token', value: session.token, url: h.url('/') },
  ])
  if (process.env.DEBUG_PAY) {
    page.on('console', (m) => console.log('console', m.type(), m.text()))
    page.on('pageerror', (e) => console.log('pageerror', e.message))
    page.on('requestfailed', (r) => console.log('failed', r.url(), r.failure()?.errorText))
    page.on('response', (r) => r.status() >= 400 && console.log('http', r.status(), r.url()))
  }
  if (locale === 'en') await context.addInitScript(() => localStorage.setItem('xdance-locale', 'en'))
  return { session, context, page }
}

async function buyTrial(page: Page, locale: Locale): Promise<void> {
  await page.goto(h.url('/shop'))
  await page
    .getByTestId('product')
    .filter({ hasText: locale === 'zh' ? '体验卡' : 'Trial' })
    .getByRole('button', { name: LABELS[locale].buy, exact: true })
    .click()
  await page.waitForURL(/\/orders\/\d+$/)
  await page.getByTestId('order-countdown').waitFor()
}

async function orderOnPage(page: Page, session: LoginResult): Promise<Order> {
  const id = Number(new URL(page.url()).pathname.split('/').at(-1))
  return (await h.api<Answer<Order>>(`/orders/${id}`, { headers: auth(session) })).data
}

async function cards(session: LoginResult): Promise<MembershipCard[]> {
  return (await h.api<Answer<{ list: MembershipCard[] }>>('/cards', { headers: auth(session) })).data.list
}

async function expectPaid(page: Page, session: LoginResult, locale: Locale): Promise<Order> {
  await page.getByTestId('order-paid').waitFor({ timeout: 20_000 })
  expect(await page.getByTestId('order-status').textContent()).toBe(LABELS[locale].paid)
  // What it bought and the card's balance now.
  expect(await page.getByTestId('order-card').textContent()).toContain(LABELS[locale].left)
  const order = await orderOnPage(page, session)
  expect(order).toMatchObject({ status: 'paid', payChannel: 'wechat' })
  expect((await cards(session)).map((card) => card.id)).toEqual([order.cardId])
  return order
}

describe.each(['zh', 'en'] as const)('paying where the customer is (%s)', (locale) => {
  it('inside WeChat: the demo’s stand-in WeixinJSBridge pays, the gateway hears from the platform', async () => {
    const { session, page } = await customer(locale, { userAgent: WECHAT_UA })
    await buyTrial(page, locale)
    // The front-desk code is offered inside WeChat too.
    await page.getByTestId('pay-code').waitFor()
    expect(await page.evaluate(() => 'WeixinJSBridge' in window)).toBe(false)
    await screenshot(page, `issue-23-jsapi-pending-${locale}`)
    await page.getByRole('button', { name: LABELS[locale].wechat, exact: true }).click()
    await expectPaid(page, session, locale)
    expect(
      await page.evaluate(() => (window as { WeixinJSBridge?: { demo?: boolean } }).WeixinJSBridge?.demo),
    ).toBe(true)
    await screenshot(page, `issue-23-jsapi-paid-${locale}`)
  })

  it('in a phone browser: WeChat Pay’s H5 page (the demo platform, marked DEMO) and back to the order, paid', async () => {
    const { session, page } = await customer(locale)
    await buyTrial(page, locale)
    const orderUrl = page.url()
    await page.getByRole('button', { name: LABELS[locale].wechat, exact: true }).click()
    await page.waitForURL(/\/wechat-pay-demo\/checkout\?ticket=/)
    await page.getByRole('note').filter({ hasText: 'DEMO' }).waitFor()
    expect(await page.getByTestId('demo-amount').textContent()).toBe('¥39.00')
    await screenshot(page, `issue-23-h5-platform-${locale}`)
    // Nothing is paid by reaching the platform.
    const id = Number(new URL(orderUrl).pathname.split('/').at(-1))
    expect((await h.api<Answer<Order>>(`/orders/${id}`, { headers: auth(session) })).data.status).toBe(
      'pending',
    )
    await page.getByRole('button', { name: /^确认支付/ }).click()
    await page.waitForURL(orderUrl)
    await expectPaid(page, session, locale)
    await screenshot(page, `issue-23-h5-paid-${locale}`)
  })

  it('on a desktop: a QR code of the Native payment; scanned and paid on a phone, the page finds out', async () => {
    const { session, page } = await customer(locale, {
      userAgent: DESKTOP_UA,
      isMobile: false,
      hasTouch: false,
    })
    await buyTrial(page, locale)
    await page.getByRole('button', { name: LABELS[locale].native, exact: true }).click()
    const qr = page.getByTestId('pay-qr')
    await qr.waitFor()
    const codeUrl = (await qr.getAttribute('data-code')) ?? ''
    expect(codeUrl).toMatch(/\/wechat-pay-demo\/checkout\?ticket=\w+$/)
    await screenshot(page, `issue-23-native-qr-${locale}`)
    // 320 px wide: the code fits, nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 700 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(320)
    await page.setViewportSize({ width: 390, height: 844 })
    // The customer scans it with a phone: the platform's page opens there.
    const { page: phone } = await customer(locale)
    await phone.goto(codeUrl)
    await phone.getByRole('button', { name: /^确认支付/ }).click()
    await phone.getByRole('status').filter({ hasText: '支付成功' }).waitFor()
    await expectPaid(page, session, locale)
    await screenshot(page, `issue-23-native-paid-${locale}`)
  })
})

describe('the front-desk code and a pending order', () => {
  it('inside WeChat the front-desk code pays too: staff take the money, the page finds out', async () => {
    const { session, page } = await customer('zh', { userAgent: WECHAT_UA })
    await buyTrial(page, 'zh')
    const payCode = (await page.getByTestId('pay-code').textContent()) ?? ''
    const paid = await h.api<Order>('/__dev/front-desk/pay', { body: { payCode } })
    expect(paid).toMatchObject({ status: 'paid', payChannel: 'front-desk' })
    await page.getByTestId('order-paid').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('order-card').textContent()).toContain('剩余 1 次')
    expect((await cards(session)).length).toBe(1)
  })

  it('a pending order is resumed from the orders list, shows its deadline, then expires on the studio’s clock', async () => {
    const { session, page } = await customer('zh')
    await buyTrial(page, 'zh')
    const order = await orderOnPage(page, session)
    const deadline = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Shanghai',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(order.expiresAt))
    expect(await page.getByTestId('order-countdown').textContent()).toMatch(
      new RegExp(`^请在 ${deadline} 前完成支付，剩余 1[45]:\\d\\d$`),
    )
    // Away and back: the orders list offers to go on paying.
    await page.goto(h.url('/me/orders'))
    await page.getByRole('link', { name: /继续支付/ }).click()
    await page.waitForURL(`**/orders/${order.id}`)
    await page.getByTestId('pay-code').waitFor()
    // Ten minutes pass on the page's clock: the countdown follows.
    await page.clock.fastForward('10:00')
    await expect
      .poll(() => page.getByTestId('order-countdown').textContent(), { timeout: 15_000 })
      .toMatch(/剩余 [45]:\d\d$/)
    // The studio's clock passes the deadline: the gateway expires the order, and the page, at its own deadline, asks.
    const moved = await h.api<{ ran: { expiredOrders: number } }>('/__dev/clock', {
      body: { advanceMs: 16 * 60_000 },
    })
    expect(moved.ran.expiredOrders).toBe(1)
    await page.clock.fastForward('06:00')
    await page.getByTestId('order-closed').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('order-status').textContent()).toBe('已过期')
    expect(await page.getByTestId('pay-code').count()).toBe(0)
    const desk = await h.api<{ code?: number }>('/__dev/front-desk/pay', { body: { payCode: order.payCode } })
    expect(desk.code).toBe(40912)
  })

  it('a reload caught by the phone falling asleep keeps the order on screen, says so, and the next one clears it', async () => {
    const { session, page } = await customer('zh')
    await buyTrial(page, 'zh')
    const order = await orderOnPage(page, session)
    // The next reload of the order goes out and gets no answer: the phone falls asleep with it on the wire.
    let wake = () => {}
    const asleep = new Promise<void>((resolve) => {
      wake = resolve
    })
    let held = 0
    await page.route(`**/dance-gateway/orders/${order.id}`, async (route) => {
      held += 1
      await asleep
      await route.continue().catch(() => {}) // the page gave up on it meanwhile
    })
    await page.clock.fastForward('00:05')
    await expect.poll(() => held).toBe(1)
    // It wakes 30 s later, past the client's 20 s window: the order, its code and its countdown stay, a notice says why.
    await page.clock.fastForward('00:30')
    expect(await page.getByTestId('order-stale').textContent()).toBe(
      '网络不稳定，订单状态暂未更新，正在重试…',
    )
    expect(await page.getByTestId('order-status').textContent()).toBe('待支付')
    expect(await page.getByTestId('pay-code').textContent()).toBe(order.payCode)
    expect(await page.getByTestId('order-countdown').textContent()).toMatch(/剩余 1[45]:\d\d$/)
    // The network is back: the next reload answers and the notice goes.
    await page.unroute(`**/dance-gateway/orders/${order.id}`)
    wake()
    await page.clock.fastForward('00:20')
    await page.getByTestId('order-stale').waitFor({ state: 'detached', timeout: 20_000 })
    expect(await page.getByTestId('order-status').textContent()).toBe('待支付')
  })
})
