import type { Context } from 'hono'
import type { GatewayContext } from '../../core/context'
import { requestOrigin } from '../../limits/client-address'
import type { PaySettings } from '../../parties/wechat-pay/pay-settings'
import type { Api, GatewayEnv } from '../../routes/gateway-env'
import { handlePayNotify } from '../../services/payments'
import type { DemoCheckout, PayPlatformEmulator } from './wechat-pay-platform'

/** Where the emulated WeChat Pay platform's pages are, under the gateway's prefix. */
export const DEMO_PAY_PATH = '/wechat-pay-demo'

/** The paths whose POST bodies are HTML forms (read by their own route, not as JSON). */
export const demoPayFormPaths = (prefix: string): string[] => [`${prefix}${DEMO_PAY_PATH}/checkout`]

const html = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // The page is plain HTML: no script, no style from elsewhere, no framing.
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#ededed;color:#111}
main{max-width:28rem;margin:0 auto;padding:1rem}
.demo{background:#b45309;color:#fff;padding:.5rem 1rem;font-weight:700;text-align:center}
.card{background:#fff;border-radius:12px;padding:1rem;margin:1rem 0;text-align:center}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
button,a.btn{display:block;box-sizing:border-box;width:100%;min-height:44px;margin:.75rem 0;border:0;border-radius:8px;font-size:1rem;text-align:center;text-decoration:none;padding:.6rem}
.pay{background:#07c160;color:#fff}.cancel{background:#fff;color:#111;border:1px solid #ccc}`

function page(c: Context<GatewayEnv>, title: string, body: string, status: 200 | 400 | 404 = 200): Response {
  return c.body(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${html(title)}</title><style>${STYLE}</style></head><body><p class="demo" role="note">DEMO · 演示用微信支付，不会扣款 / Demo WeChat Pay, no money moves</p><main>${body}</main></body></html>`,
    status,
    PAGE_HEADERS,
  )
}

// Only back to the host the customer reached (the app's order page): the platform never sends anyone elsewhere.
function readReturn(value: string | undefined, host: string): string | undefined {
  if (!value) return undefined
  try {
    const target = new URL(value)
    if (!/^https?:$/.test(target.protocol) || target.host !== host) return undefined
    return target.href
  } catch {
    return undefined
  }
}

/**
 * The emulated WeChat Pay platform's pages (demo mode): the checkout page an H5 URL or a Native code leads to
 * (`GET …/checkout?ticket=&redirect_url=`, the order's product and amount, pay or cancel), what its buttons post
 * (paying records the transaction and sends the gateway its signed notification, through the same verification as a
 * real one, then goes back to `redirect_url` on the same host, or says it is done: a Native code is paid on the
 * phone, and the desktop's page finds out by itself), and the payment of the stand-in `WeixinJSBridge`
 * (`POST …/jsapi { package }`).
 *
 * @example
 * ```ts
 * mountDemoPayPages(api, ctx, pay, platform)
 * ```
 */
export function mountDemoPayPages(
  api: Api,
  ctx: GatewayContext,
  pay: PaySettings,
  platform: PayPlatformEmulator,
): void {
  const base = `${DEMO_PAY_PATH}`
  const host = (c: Context<GatewayEnv>) => new URL(requestOrigin(c.req, ctx.trustProxy)).host
  const openIdOf = (orderNo: string) =>
    ctx.db.get<{ open_id: string | null }>(
      'SELECT c.open_id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.order_no = ?',
      orderNo,
    )?.open_id ?? undefined
  const payNow = (
    checkout: Pick<DemoCheckout, 'orderNo' | 'amountFen'>,
    tradeType: 'JSAPI' | 'MWEB' | 'NATIVE',
  ) => {
    const note = platform.pay(pay, ctx.now(), {
      orderNo: checkout.orderNo,
      amountFen: checkout.amountFen,
      openId: openIdOf(checkout.orderNo),
      tradeType,
    })
    return handlePayNotify(ctx, pay, (name) => note.headers[name], note.body)
  }

  api.get(`${base}/checkout`, (c) => {
    const ticket = c.req.query('ticket') ?? ''
    const checkout = platform.checkout(ticket)
    if (!checkout)
      return page(c, '微信支付（演示）', '<div class="card"><p>支付链接无效或已过期。</p></div>', 404)
    const back = readReturn(c.req.query('redirect_url'), host(c)) ?? ''
    const hidden = `<input type="hidden" name="ticket" value="${html(ticket)}"><input type="hidden" name="redirect_url" value="${html(back)}">`
    return page(
      c,
      '微信支付（演示）',
      `<div class="card"><h1>${html(checkout.description)}</h1><p class="amount" data-testid="demo-amount">${yuan(checkout.amountFen)}</p><p>${html(checkout.orderNo)} · ${checkout.kind === 'h5' ? 'H5' : 'Native'}</p></div>
<form method="post" action="${html(`${ctx.prefix}${base}/checkout`)}">${hidden}<button class="pay" name="action" value="pay">确认支付 / Pay ${yuan(checkout.amountFen)}</button><button class="cancel" name="action" value="cancel">取消 / Cancel</button></form>`,
    )
  })

  api.post(`${base}/checkout`, async (c) => {
    const form = await c.req.parseBody()
    const ticket = typeof form.ticket === 'string' ? form.ticket : ''
    const checkout = platform.checkout(ticket)
    if (!checkout)
      return page(c, '微信支付（演示）', '<div class="card"><p>支付链接无效或已过期。</p></div>', 404)
    const back = readReturn(typeof form.redirect_url === 'string' ? form.redirect_url : '', host(c))
    if (form.action === 'pay') {
      const answer = payNow(checkout, checkout.kind === 'h5' ? 'MWEB' : 'NATIVE')
      if (answer.body.code !== 'SUCCESS') {
        return page(
          c,
          '支付失败（演示）',
          `<div class="card"><p>支付失败：${html(answer.body.message)}</p></div>`,
          400,
        )
      }
    }
    if (back) return c.redirect(back, 303)
    const done = form.action === 'pay' ? '支付成功 / Paid' : '已取消 / Cancelled'
    return page(
      c,
      done,
      `<div class="card" role="status"><h1>${done}</h1><p>请回到下单的页面查看订单。</p></div>`,
    )
  })

  // The stand-in WeixinJSBridge's getBrandWCPayRequest: the customer confirmed in "WeChat".
  api.post(`${base}/jsapi`, async (c) => {
    const body = (await c.req.json().catch(() => null)) as { package?: unknown } | null
    const prepayId = typeof body?.package === 'string' ? body.package.replace(/^prepay_id=/, '') : ''
    const order = ctx.db.get<{ order_no: string; amount_fen: number }>(
      'SELECT order_no, amount_fen FROM orders WHERE prepay_id = ?',
      prepayId,
    )
    if (!order) return c.json({ err_msg: 'get_brand_wcpay_request:fail' })
    const answer = payNow({ orderNo: order.order_no, amountFen: order.amount_fen }, 'JSAPI')
    return c.json({
      err_msg: answer.body.code === 'SUCCESS' ? 'get_brand_wcpay_request:ok' : 'get_brand_wcpay_request:fail',
    })
  })
}
