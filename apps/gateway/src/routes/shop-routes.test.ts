import { createHmac } from 'node:crypto'
import type { MembershipCard, Notice, Order, Product, WechatPayParams } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { createPayPlatformEmulator } from '../emulation/wechat-pay/wechat-pay-platform'
import { DEMO_PAY_SETTINGS } from '../parties/wechat-pay/pay-settings'
import { signedMessage } from '../parties/wechat-pay/wechat-pay-crypto'
import { devPost } from '../testing/shop-helpers'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

const PHONE = '13712345678'
let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

async function signedIn() {
  gw = await startTestGateway()
  return gw.signIn(PHONE)
}

const order = async (auth: string, productId = 2) =>
  (await gw.call<Order>('POST', '/orders', { auth, body: { productId } })).body
const cards = async (auth: string) =>
  (await gw.call<{ list: MembershipCard[] }>('GET', '/cards', { auth })).body.data.list
const getOrder = async (auth: string, id: number) =>
  (await gw.call<Order>('GET', `/orders/${id}`, { auth })).body
const notify = (body: string, headers: Record<string, string>) =>
  fetch(`${gw.apiUrl}/pay/notify`, { method: 'POST', headers, body }).then(async (res) => ({
    status: res.status,
    answer: (await res.json()) as { code: string; message: string },
  }))
const platform = () => {
  const emulated = gw.emulators?.payPlatform
  if (!emulated) throw new Error('demo mode has an emulated pay platform')
  return emulated
}
const signed = (o: { orderNo: string; amountFen: number }, transactionId?: string, currency?: string) =>
  platform().pay(DEMO_PAY_SETTINGS, gw.clock.now().getTime(), { ...o, transactionId, currency })

describe('products', () => {
  test('the demo studio sells a trial card, a 10-class, a 20-class and a family card, prices in fen', async () => {
    gw = await startTestGateway()
    const res = await gw.call<{ list: Product[] }>('GET', '/products')
    expect(
      res.body.data.list.map((p) => [p.name, p.credits, p.validDays, p.priceFen, p.trial, p.family]),
    ).toEqual([
      ['体验卡（1 次）', 1, 30, 3900, true, false],
      ['10 次卡', 10, 90, 88000, false, false],
      ['20 次卡', 20, 180, 158000, false, false],
      ['家庭卡（20 次）', 20, 180, 168000, false, true],
    ])
  })

  test('a product taken off sale is not listed and cannot be ordered', async () => {
    const auth = await signedIn()
    const off = await devPost<{ id: number }>(gw, '/products', { name: '旧卡', active: false })
    const list = await gw.call<{ list: Product[] }>('GET', '/products')
    expect(list.body.data.list.map((p) => p.id)).not.toContain(off.id)
    expect((await order(auth, off.id)).code).toBe(40914)
    expect((await order(auth, 999)).code).toBe(40401)
  })
})

describe('orders', () => {
  test('an order is created pending, with an order number, a front-desk code and 15 minutes to pay', async () => {
    const auth = await signedIn()
    const res = await order(auth)
    expect(res.code).toBe(200)
    expect(res.data).toMatchObject({
      status: 'pending',
      productName: '10 次卡',
      amountFen: 88000,
      credits: 10,
      paidAt: null,
      cardId: null,
      createdAt: '2025-06-02T10:00:00+08:00',
      expiresAt: '2025-06-02T10:15:00+08:00',
    })
    expect(res.data.orderNo).toMatch(/^XD20250602-\d{6}$/)
    expect(res.data.payCode).toMatch(/^[A-HJ-KM-NP-Z2-9]{6}$/)
    expect(await cards(auth)).toEqual([])
  })

  test('my orders are listed newest first, and someone else’s order does not exist for me', async () => {
    const auth = await signedIn()
    const first = (await order(auth, 2)).data
    gw.clock.advance(60_000)
    const second = (await order(auth, 3)).data
    const list = await gw.call<{ list: Order[] }>('GET', '/orders', { auth })
    expect(list.body.data.list.map((o) => o.id)).toEqual([second.id, first.id])
    const other = await gw.signIn('13900000001')
    expect((await getOrder(other, first.id)).code).toBe(40401)
    expect((await gw.call('POST', `/orders/${first.id}/cancel`, { auth: other })).body.code).toBe(40401)
    expect((await gw.call('GET', '/orders')).body.code).toBe(401)
  })

  test('a pending order can be cancelled once; a cancelled order cannot be paid', async () => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    const cancelled = await gw.call<Order>('POST', `/orders/${created.id}/cancel`, { auth })
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      cancelledAt: '2025-06-02T10:00:00+08:00',
    })
    expect((await gw.call('POST', `/orders/${created.id}/cancel`, { auth })).body.code).toBe(40911)
    expect((await gw.call('POST', `/orders/${created.id}/wechat-pay`, { auth })).body.code).toBe(40911)
    const note = signed(created)
    const answer = await notify(note.body, note.headers)
    expect(answer).toEqual({ status: 409, answer: { code: 'FAIL', message: '订单已支付或已取消' } })
    expect(await cards(auth)).toEqual([])
  })

  test('the trial card is sold once per customer', async () => {
    const auth = await signedIn()
    const trial = (await order(auth, 1)).data
    expect((await order(auth, 1)).code).toBe(40913)
    await gw.call('POST', `/orders/${trial.id}/cancel`, { auth })
    // A cancelled trial order does not count; a paid one does.
    const again = (await order(auth, 1)).data
    await devPost(gw, `/pay/${again.orderNo}`)
    expect((await order(auth, 1)).code).toBe(40913)
    expect((await order(auth, 2)).code).toBe(200)
  })
})

describe('paying with WeChat Pay', () => {
  test('the JSAPI parameters are what getBrandWCPayRequest takes, and the same prepay id each time', async () => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    const res = await gw.call<WechatPayParams>('POST', `/orders/${created.id}/wechat-pay`, { auth })
    expect(res.body.data).toMatchObject({
      appId: DEMO_PAY_SETTINGS.appId,
      timeStamp: String(Date.parse('2025-06-02T10:00:00+08:00') / 1000),
      signType: 'HMAC-SHA256',
    })
    expect(res.body.data.package).toMatch(/^prepay_id=wx[0-9a-f]{28}$/)
    const again = await gw.call<WechatPayParams>('POST', `/orders/${created.id}/wechat-pay`, { auth })
    expect(again.body.data.package).toBe(res.body.data.package)
    // Asking to pay proves nothing: no card yet.
    expect(await cards(auth)).toEqual([])
  })

  test('the emulated provider’s notification pays the order, issues the card and tells the customer', async () => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    const paid = await devPost<{ status: number; code: string }>(gw, `/pay/${created.orderNo}`)
    expect(paid).toEqual({ status: 200, code: 'SUCCESS', message: '成功' })
    const after = (await getOrder(auth, created.id)).data
    expect(after).toMatchObject({ status: 'paid', payChannel: 'wechat', paidAt: '2025-06-02T10:00:00+08:00' })
    const [card] = await cards(auth)
    expect(card).toMatchObject({
      id: after.cardId,
      name: '10 次卡',
      creditsTotal: 10,
      creditsLeft: 10,
      status: 'active',
    })
    expect(card?.validUntil).toBe('2025-08-31T10:00:00+08:00')
    const notices = await gw.call<{ list: Notice[]; unread: number }>('GET', '/notices', { auth })
    expect(notices.body.data.list[0]).toMatchObject({ kind: 'order-paid', orderId: created.id, read: false })
    expect((await gw.call<{ unreadNotices: number }>('GET', '/me', { auth })).body.data.unreadNotices).toBe(1)
  })

  test('the same notification twice issues one card', async () => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    const note = signed(created, '4200000001')
    expect(await notify(note.body, note.headers)).toEqual({
      status: 200,
      answer: { code: 'SUCCESS', message: '成功' },
    })
    expect(await notify(note.body, note.headers)).toEqual({
      status: 200,
      answer: { code: 'SUCCESS', message: '成功' },
    })
    // A resend of the same transaction, freshly signed, too.
    const resent = signed(created, '4200000001')
    expect((await notify(resent.body, resent.headers)).status).toBe(200)
    expect(await cards(auth)).toHaveLength(1)
  })

  test('the demo provider notifies one transaction again on request; a new transaction for a paid order fails', async () => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    const pay = (body: Record<string, unknown>) =>
      devPost<{ status: number; code: string }>(gw, `/pay/${created.orderNo}`, body)
    expect(await pay({ transactionId: '4200000009' })).toMatchObject({ status: 200, code: 'SUCCESS' })
    expect(await pay({ transactionId: '4200000009' })).toMatchObject({ status: 200, code: 'SUCCESS' })
    expect(await pay({})).toMatchObject({ status: 409, code: 'FAIL' })
    expect(await cards(auth)).toHaveLength(1)
  })

  test('ten copies of the notification at once issue one card', async () => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    const note = signed(created, '4200000002')
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(note.body, note.headers)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(await cards(auth)).toHaveLength(1)
  })

  // Another platform's key pair: what anyone can make. Its notifications name its own serial, or ours.
  const stranger = createPayPlatformEmulator()
  test.each([
    ['an amount that is not the order’s', { amountFen: 1 }, undefined, 400],
    ['a currency that is not the order’s (USD)', { currency: 'USD' }, undefined, 400],
    ['an unknown order', { orderNo: 'XD20250602-999999' }, undefined, 404],
    ['a forged signature', {}, { 'wechatpay-signature': 'Zm9yZ2Vk' }, 401],
    ['a notification signed by another key pair under its own serial', {}, 'stranger', 401],
    ['a notification signed by another key pair under the platform’s serial', {}, 'stranger-our-serial', 401],
    ['a notification signed with HMAC under the demo merchant key in the source', {}, 'hmac', 401],
  ])('%s is refused and issues nothing', async (_name, change, headers, status) => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    const { currency, ...rest } = change as { currency?: string }
    let note = signed({ ...created, ...rest }, undefined, currency)
    if (headers === 'stranger' || headers === 'stranger-our-serial') {
      note = stranger.pay(DEMO_PAY_SETTINGS, gw.clock.now().getTime(), created)
      if (headers === 'stranger-our-serial') note.headers['wechatpay-serial'] = platform().serial
    }
    if (headers === 'hmac') {
      const { 'wechatpay-timestamp': ts = '', 'wechatpay-nonce': nonceText = '' } = note.headers
      note.headers['wechatpay-signature'] = createHmac('sha256', DEMO_PAY_SETTINGS.apiV3Key)
        .update(signedMessage(ts, nonceText, note.body))
        .digest('base64')
    }
    const answer = await notify(note.body, {
      ...note.headers,
      ...(typeof headers === 'object' ? headers : {}),
    })
    expect(answer.status).toBe(status)
    expect(answer.answer.code).toBe('FAIL')
    expect(await cards(auth)).toEqual([])
    expect((await getOrder(auth, created.id)).data.status).toBe('pending')
  })

  test('a notification naming a serial the gateway does not know is refused', async () => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    const note = signed(created)
    const answer = await notify(note.body, { ...note.headers, 'wechatpay-serial': 'UNKNOWN0001' })
    expect(answer).toEqual({ status: 401, answer: { code: 'FAIL', message: '平台证书序列号未知' } })
    expect(await cards(auth)).toEqual([])
  })

  test('back from paying with the notification lost: the gateway asks the platform, pays once, and says so', async () => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    await gw.call('POST', `/orders/${created.id}/wechat-pay`, { auth })
    // The customer paid on the platform; its notification never arrived.
    const paid = await devPost<{ code: string }>(gw, `/pay/${created.orderNo}`, { notify: false })
    expect(paid.code).toBe('SUCCESS')
    expect(await cards(auth)).toEqual([])
    expect((await getOrder(auth, created.id)).data.status).toBe('paid')
    expect((await getOrder(auth, created.id)).data.status).toBe('paid')
    expect(await cards(auth)).toHaveLength(1)
    expect(gw.logs.filter((line) => line.includes(`pay query: order ${created.orderNo} paid`))).toHaveLength(
      1,
    )
  })

  test('an order never paid on the platform stays pending when the app comes back', async () => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    await gw.call('POST', `/orders/${created.id}/wechat-pay`, { auth })
    expect((await getOrder(auth, created.id)).data.status).toBe('pending')
    expect(await cards(auth)).toEqual([])
  })

  test('a notification stamped more than 5 minutes off the clock is refused as a replay', async () => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    const note = signed(created)
    gw.clock.advance(6 * 60_000)
    expect((await notify(note.body, note.headers)).status).toBe(401)
    expect(await cards(auth)).toEqual([])
  })

  test('an order left unpaid 15 minutes expires and refuses payment', async () => {
    const auth = await signedIn()
    const created = (await order(auth)).data
    gw.clock.advance(15 * 60_000)
    expect((await getOrder(auth, created.id)).data.status).toBe('expired')
    const params = await gw.call('POST', `/orders/${created.id}/wechat-pay`, { auth })
    expect(params.body).toMatchObject({ code: 40912, msg: '订单已过期', tips: '请重新下单' })
    const note = signed(created)
    expect(await notify(note.body, note.headers)).toEqual({
      status: 409,
      answer: { code: 'FAIL', message: '订单已过期' },
    })
    expect(
      (await devPost<{ pay: unknown }>(gw, '/front-desk/pay', { payCode: created.payCode })) as unknown,
    ).toMatchObject({ code: 40912 })
    expect((await gw.call('POST', `/orders/${created.id}/cancel`, { auth })).body.code).toBe(40912)
    expect(await cards(auth)).toEqual([])
  })
})

describe('paying at the front desk', () => {
  test('staff enter the customer’s code: the order is paid and the card issued, once', async () => {
    const auth = await signedIn()
    const created = (await order(auth, 3)).data
    const paid = await devPost<Order>(gw, '/front-desk/pay', { payCode: created.payCode.toLowerCase() })
    expect(paid).toMatchObject({ id: created.id, status: 'paid', payChannel: 'front-desk' })
    expect((await cards(auth)).map((c) => [c.name, c.creditsLeft])).toEqual([['20 次卡', 20]])
    expect(await devPost(gw, '/front-desk/pay', { payCode: created.payCode })).toMatchObject({ code: 40911 })
    // WeChat Pay cannot pay it a second time either.
    const note = signed(created)
    expect((await notify(note.body, note.headers)).status).toBe(409)
    expect(await cards(auth)).toHaveLength(1)
  })

  test('an unknown code is refused', async () => {
    gw = await startTestGateway()
    expect(await devPost(gw, '/front-desk/pay', { payCode: 'ZZZZZZ' })).toMatchObject({ code: 40401 })
  })
})

describe('without demo mode and without merchant settings', () => {
  test('online payment is off: notifications answer FAIL, and nothing is on sale', async () => {
    gw = await startTestGateway({ demo: false })
    const res = await fetch(`${gw.apiUrl}/pay/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ code: 'FAIL', message: '未配置支付' })
    expect((await gw.call('GET', '/products')).body).toMatchObject({ code: 200, data: { list: [] } })
  })
})
