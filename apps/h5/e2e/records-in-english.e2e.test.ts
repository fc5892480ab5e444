import type { DanceClass, LoginResult, Order } from '@xdance/contract'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot, useHarness } from './support/harness'

// Issue 21's language, the customer's own records: signed in and in English, 我的课程 (My classes), the orders and the
// notices show no Chinese for records the studio wrote in English (class titles and rooms, card and product names,
// the notices' texts), and the same pages in Chinese still show the Chinese.

const h = useHarness({ gateway: { limits: { smsPerAddressPerMinute: 100, smsPerMinute: 100 } } })

type Answer<T> = { code: number; msg: string; data: T }
const auth = (session: LoginResult) => ({ authorization: `${session.head}${session.token}` })
/** Runs of Chinese (CJK) characters and full-width punctuation. */
const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+/g

let phones = 0
/** A customer with a card, one booked class and one paid order, all written by the studio in both languages. */
async function customerWithRecords(locale: 'zh' | 'en') {
  phones += 1
  const phone = `1371100${String(1000 + phones).slice(-4)}`
  await h.api('/__dev/cards', { body: { phone, name: '五次卡', nameEn: 'Five-class card', credits: 5 } })
  const session = await h.apiLogin(phone)
  const klass = await h.api<DanceClass>('/__dev/classes', {
    body: {
      startsInMinutes: 24 * 60,
      title: '爵士入门',
      titleEn: 'Jazz Basics',
      room: 'A 教室',
      roomEn: 'Room A',
    },
  })
  const booked = await h.api<Answer<unknown>>('/bookings', {
    body: { classId: klass.id },
    headers: auth(session),
  })
  expect(booked.code).toBe(200)
  const product = await h.api<{ id: number }>('/__dev/products', {
    body: { name: '十次卡', nameEn: 'Ten-class card', credits: 10, priceFen: 88000 },
  })
  const order = await h.api<Answer<Order>>('/orders', {
    body: { productId: product.id },
    headers: auth(session),
  })
  await h.api('/__dev/front-desk/pay', { body: { payCode: order.data.payCode } })

  const { context, page } = await h.phone('iphone', { viewport: { width: 390, height: 844 } })
  await context.addCookies([
    { name: 'xdance-head', value: encodeURIComponent(session.head), url: h.url('/') },
    { name: 'xdance-token', value: session.token, url: h.url('/') },
  ])
  await context.addInitScript((lang) => localStorage.setItem('xdance-locale', lang), locale)
  return { page, order: order.data }
}

/** The Chinese in the page's main content, run by run (none expected in English). */
const chinese = async (page: Page) => ((await main(page)).match(CJK) ?? []) as string[]
const main = async (page: Page) => (await page.locator('main').textContent()) ?? ''

describe('the customer’s records in English', () => {
  it('My classes, the orders and the notices show no Chinese for records the studio wrote in English', async () => {
    const { page, order } = await customerWithRecords('en')

    await page.goto(h.url('/bookings'))
    await page.getByText('Jazz Basics').first().waitFor()
    expect(await main(page)).toContain('Room A')
    expect(await chinese(page)).toEqual([])
    await screenshot(page, 'issue-21b-my-classes-en')

    await page.goto(h.url('/me/orders'))
    await page.getByText('Ten-class card').first().waitFor()
    expect(await main(page)).toContain('¥880')
    expect(await chinese(page)).toEqual([])

    await page.goto(h.url(`/orders/${order.id}`))
    await page.getByText('Ten-class card').first().waitFor()
    expect(await chinese(page)).toEqual([])

    await page.goto(h.url('/notices'))
    await page.getByText('Card bought').first().waitFor()
    await page.getByText('Booked', { exact: true }).first().waitFor()
    expect(await main(page)).toContain('"Jazz Basics"')
    expect(await chinese(page)).toEqual([])
    await screenshot(page, 'issue-21b-notices-en')
    // The English texts are longer: at 320 px the notices and My classes still fit without sideways scrolling.
    await page.setViewportSize({ width: 320, height: 640 })
    for (const path of ['/notices', '/bookings']) {
      await page.goto(h.url(path))
      await page.getByText('Jazz Basics').first().waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    }
  })

  it('in Chinese the same records read in Chinese', async () => {
    const { page } = await customerWithRecords('zh')
    await page.goto(h.url('/bookings'))
    await page.getByText('爵士入门').first().waitFor()
    await page.goto(h.url('/notices'))
    await page.getByText('预约成功').first().waitFor()
    expect(await main(page)).toContain('「爵士入门」')
  })
})
