import type { MembershipCard, Order, WechatPayH5, WechatPayNative, WechatPayParams } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

async function pendingOrder() {
  gw = await startTestGateway()
  const auth = await gw.signIn('13712345678')
  const order = (await gw.call<Order>('POST', '/orders', { auth, body: { productId: 2 } })).body.data
  return { auth, order }
}
const orderNow = async (auth: string, id: number) =>
  (await gw.call<Order>('GET', `/orders/${id}`, { auth })).body.data
const cards = async (auth: string) =>
  (await gw.call<{ list: MembershipCard[] }>('GET', '/cards', { auth })).body.data.list
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})
const ticketOf = (url: string) => new URL(url).searchParams.get('ticket') ?? ''

describe('H5 payment (a phone browser outside WeChat)', () => {
  test('the demo platform page shows the order marked DEMO; paying there sends the notification, then back to the order', async () => {
    const { auth, order } = await pendingOrder()
    const start = await gw.call<WechatPayH5>('POST', `/orders/${order.id}/wechat-pay/h5`, { auth })
    expect(start.body.code).toBe(200)
    const { h5Url } = start.body.data
    expect(h5Url).toMatch(new RegExp(`^${gw.apiUrl}/wechat-pay-demo/checkout\\?ticket=\\w+$`))
    const back = `${gw.url}/orders/${order.id}`
    const shown = await fetch(`${h5Url}&redirect_url=${encodeURIComponent(back)}`)
    const html = await shown.text()
    expect(shown.headers.get('content-type')).toMatch(/^text\/html/)
    expect(html).toContain('DEMO')
    expect(html).toContain('¥880.00')
    expect(html).toContain(order.orderNo)
    // Still pending: showing the page pays nothing.
    expect((await orderNow(auth, order.id)).status).toBe('pending')
    const paid = await fetch(
      `${gw.apiUrl}/wechat-pay-demo/checkout`,
      form({ ticket: ticketOf(h5Url), redirect_url: back, action: 'pay' }),
    )
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(back)
    expect(await orderNow(auth, order.id)).toMatchObject({ status: 'paid', payChannel: 'wechat' })
    expect((await cards(auth)).map((card) => card.creditsLeft)).toEqual([10])
    expect(gw.logs).toContain(`pay notify: order ${order.orderNo} paid`)
  })

  test('cancelling on the platform goes back and leaves the order pending; a foreign redirect_url is not followed', async () => {
    const { auth, order } = await pendingOrder()
    const { h5Url } = (await gw.call<WechatPayH5>('POST', `/orders/${order.id}/wechat-pay/h5`, { auth })).body
      .data
    const back = `${gw.url}/orders/${order.id}`
    const cancelled = await fetch(
      `${gw.apiUrl}/wechat-pay-demo/checkout`,
      form({ ticket: ticketOf(h5Url), redirect_url: back, action: 'cancel' }),
    )
    expect(cancelled.headers.get('location')).toBe(back)
    expect((await orderNow(auth, order.id)).status).toBe('pending')
    const shown = await (
      await fetch(`${h5Url}&redirect_url=${encodeURIComponent('https://evil.example/x')}`)
    ).text()
    expect(shown).not.toContain('evil.example')
    const paid = await fetch(
      `${gw.apiUrl}/wechat-pay-demo/checkout`,
      form({ ticket: ticketOf(h5Url), redirect_url: 'https://evil.example/x', action: 'pay' }),
    )
    expect(paid.status).toBe(200)
    expect(await paid.text()).toContain('支付成功')
    expect((await orderNow(auth, order.id)).status).toBe('paid')
  })

  test('an unknown ticket is refused, and pays nothing', async () => {
    await pendingOrder()
    const shown = await fetch(`${gw.apiUrl}/wechat-pay-demo/checkout?ticket=nope`)
    expect(shown.status).toBe(404)
    const paid = await fetch(`${gw.apiUrl}/wechat-pay-demo/checkout`, form({ ticket: 'nope', action: 'pay' }))
    expect(paid.status).toBe(404)
  })
})

describe('Native payment (a QR code on a desktop)', () => {
  test('the code leads to the platform page; paid there (on the phone), the order is paid', async () => {
    const { auth, order } = await pendingOrder()
    const start = await gw.call<WechatPayNative>('POST', `/orders/${order.id}/wechat-pay/native`, { auth })
    const { codeUrl } = start.body.data
    expect((await fetch(codeUrl)).status).toBe(200)
    const paid = await fetch(
      `${gw.apiUrl}/wechat-pay-demo/checkout`,
      form({ ticket: ticketOf(codeUrl), action: 'pay' }),
    )
    expect(await paid.text()).toContain('支付成功')
    expect(await orderNow(auth, order.id)).toMatchObject({ status: 'paid', payChannel: 'wechat' })
  })

  test('an order that is not pending cannot start a payment (expired: 40912; someone else’s: 40401)', async () => {
    const { auth, order } = await pendingOrder()
    gw.clock.advance(15 * 60_000)
    const late = await gw.call('POST', `/orders/${order.id}/wechat-pay/native`, { auth })
    expect(late.body).toMatchObject({ code: 40912 })
    const other = await gw.signIn('13712345679')
    const theirs = await gw.call('POST', `/orders/${order.id}/wechat-pay/h5`, { auth: other })
    expect(theirs.body).toMatchObject({ code: 40401 })
  })
})

describe('the stand-in WeixinJSBridge (demo)', () => {
  test('the demo JS-SDK puts a bridge in WeChat whose payment goes through the platform and its notification', async () => {
    const { auth, order } = await pendingOrder()
    const script = await (await fetch(`${gw.apiUrl}/wechat-demo/jweixin.js`)).text()
    expect(script).toContain('WeixinJSBridge')
    expect(script).toContain('/dance-gateway/wechat-pay-demo/jsapi')
    // It is a script a browser can run (it parses).
    expect(() => new Function(script)).not.toThrow()
    const params = (await gw.call<WechatPayParams>('POST', `/orders/${order.id}/wechat-pay`, { auth })).body
      .data
    const answer = await fetch(`${gw.apiUrl}/wechat-pay-demo/jsapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ package: params.package }),
    })
    expect(await answer.json()).toEqual({ err_msg: 'get_brand_wcpay_request:ok' })
    expect(await orderNow(auth, order.id)).toMatchObject({ status: 'paid', payChannel: 'wechat' })
    const unknown = await fetch(`${gw.apiUrl}/wechat-pay-demo/jsapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ package: 'prepay_id=wxnope' }),
    })
    expect(await unknown.json()).toEqual({ err_msg: 'get_brand_wcpay_request:fail' })
  })
})

test('without demo mode there is no platform page, and with no merchant no payment starts', async () => {
  gw = await startTestGateway({ demo: false })
  expect((await fetch(`${gw.apiUrl}/wechat-pay-demo/checkout?ticket=x`)).status).toBe(200)
  expect(await (await fetch(`${gw.apiUrl}/wechat-pay-demo/checkout?ticket=x`)).json()).toMatchObject({
    code: 40401,
  })
})

test('POST /__dev/reset makes the demo platform forget its payments: a new order with the same number is not paid', async () => {
  const { auth, order } = await pendingOrder()
  const { codeUrl } = (
    await gw.call<WechatPayNative>('POST', `/orders/${order.id}/wechat-pay/native`, { auth })
  ).body.data
  await fetch(`${gw.apiUrl}/wechat-pay-demo/checkout`, form({ ticket: ticketOf(codeUrl), action: 'pay' }))
  expect(await gw.emulators?.payPlatform?.queryOrder(order.orderNo)).toMatchObject({ trade_state: 'SUCCESS' })
  await fetch(`${gw.apiUrl}/__dev/reset`, { method: 'POST' })
  expect(await gw.emulators?.payPlatform?.queryOrder(order.orderNo)).toBeUndefined()
  expect((await fetch(codeUrl)).status).toBe(404)
  const again = await gw.signIn('13712345678')
  const next = (await gw.call<Order>('POST', '/orders', { auth: again, body: { productId: 2 } })).body.data
  expect(next.orderNo).toBe(order.orderNo)
  await gw.call('POST', `/orders/${next.id}/wechat-pay/h5`, { auth: again })
  expect((await orderNow(again, next.id)).status).toBe('pending')
})
