import type { Context } from 'hono'
import type { GatewayContext } from '../core/context'
import { clientAddress, requestOrigin } from '../limits/client-address'
import type { PaySettings } from '../parties/wechat-pay/pay-settings'
import type { PaymentKind, PayPlatform } from '../parties/wechat-pay/wechat-pay-port'
import type { Customer } from '../services/auth'
import { cancelOrder, createOrder, listOrders, listProducts } from '../services/orders'
import {
  getOrderAfterPayment,
  handlePayNotify,
  startWechatPayment,
  wechatPayParams,
} from '../services/payments'
import { endpointRoutes } from './endpoint-route'
import type { Api, GatewayEnv } from './gateway-env'

/** Card products, orders, paying them with WeChat Pay, and the provider's payment notification. */
export function mountShopRoutes(
  api: Api,
  ctx: GatewayContext,
  pay: PaySettings | null,
  platform?: PayPlatform,
): void {
  const on = endpointRoutes(api, ctx)
  on('GET /products', ({ lang }) => listProducts(ctx, lang))
  on('POST /orders', ({ customer, body, lang }) => createOrder(ctx, customer, body.productId, lang))
  on('GET /orders', ({ customer, lang }) => listOrders(ctx, customer, lang))
  // A pending order sent to WeChat Pay is looked up on the platform first: the client's word is never taken for it.
  on('GET /orders/:id', ({ customer, params, lang }) =>
    getOrderAfterPayment(ctx, pay, platform, customer, params.id, lang),
  )
  on('POST /orders/:id/cancel', ({ customer, params, lang }) => cancelOrder(ctx, customer, params.id, lang))
  on('POST /orders/:id/wechat-pay', ({ customer, params }) => wechatPayParams(ctx, pay, customer, params.id))

  // H5 (a phone browser) and Native (a desktop's QR code): started on the platform, paid by its notification.
  const start = (
    kind: PaymentKind,
    input: { customer: Customer; params: { id: number } },
    c: Context<GatewayEnv>,
  ) =>
    startWechatPayment(ctx, pay, platform, input.customer, input.params.id, kind, {
      clientIp: clientAddress(c, ctx.trustProxy),
      origin: requestOrigin(c.req, ctx.trustProxy),
    })
  on('POST /orders/:id/wechat-pay/h5', async (input, c) => ({ h5Url: await start('h5', input, c) }))
  on('POST /orders/:id/wechat-pay/native', async (input, c) => ({ codeUrl: await start('native', input, c) }))

  // Answered in WeChat Pay's format, not the envelope; the signature covers the raw body, so it is read as text.
  on('POST /pay/notify', async (_input, c) => {
    const answer = handlePayNotify(ctx, pay, (name) => c.req.header(name), await c.req.text())
    return c.json(answer.body, answer.status)
  })
}
