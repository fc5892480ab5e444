import { sValidator } from '@hono/standard-validator'
import { ENDPOINTS } from '@xdance/contract/schemas'
import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { clientAddress, requestOrigin } from '../limits/client-address'
import { auth } from '../middleware/auth'
import { idempotent } from '../middleware/idempotency'
import { refuseInvalid } from '../middleware/validate'
import type { PaymentKind, PayPlatform } from '../pay/pay-platform'
import type { PaySettings } from '../pay/pay-settings'
import { cancelOrder, createOrder, listOrders, listProducts } from '../services/orders'
import {
  getOrderAfterPayment,
  handlePayNotify,
  startWechatPayment,
  wechatPayParams,
} from '../services/payments'
import { langOf } from './data-language'
import type { Api } from './gateway-env'

const { listProducts: products, createOrder: create, listOrders: orders, getOrder: one } = ENDPOINTS
const { cancelOrder: cancel, wechatPay, wechatPayH5, wechatPayNative, payNotify } = ENDPOINTS

/** Card products, orders, paying them with WeChat Pay, and the provider's payment notification. */
export function mountShopRoutes(
  api: Api,
  ctx: GatewayContext,
  pay: PaySettings | null,
  platform?: PayPlatform,
): void {
  api.on(products.method, products.path, (c) => c.json(ok(listProducts(ctx, langOf(c)))))

  api.on(
    create.method,
    create.path,
    auth(ctx, create.auth),
    sValidator('json', create.body, refuseInvalid),
    idempotent(ctx),
    (c) => c.json(ok(createOrder(ctx, c.get('customer'), c.req.valid('json').productId, langOf(c)))),
  )

  api.on(orders.method, orders.path, auth(ctx, orders.auth), (c) =>
    c.json(ok(listOrders(ctx, c.get('customer'), langOf(c)))),
  )

  // A pending order sent to WeChat Pay is looked up on the platform first: the client's word is never taken for it.
  api.on(
    one.method,
    one.path,
    auth(ctx, one.auth),
    sValidator('param', one.params, refuseInvalid),
    async (c) =>
      c.json(
        ok(
          await getOrderAfterPayment(
            ctx,
            pay,
            platform,
            c.get('customer'),
            c.req.valid('param').id,
            langOf(c),
          ),
        ),
      ),
  )

  api.on(
    cancel.method,
    cancel.path,
    auth(ctx, cancel.auth),
    sValidator('param', cancel.params, refuseInvalid),
    idempotent(ctx),
    (c) => c.json(ok(cancelOrder(ctx, c.get('customer'), c.req.valid('param').id, langOf(c)))),
  )

  api.on(
    wechatPay.method,
    wechatPay.path,
    auth(ctx, wechatPay.auth),
    sValidator('param', wechatPay.params, refuseInvalid),
    (c) => c.json(ok(wechatPayParams(ctx, pay, c.get('customer'), c.req.valid('param').id))),
  )

  // H5 (a phone browser) and Native (a desktop's QR code): started on the platform, paid by its notification.
  const start = (kind: PaymentKind, endpoint: typeof wechatPayH5 | typeof wechatPayNative) =>
    api.on(
      endpoint.method,
      endpoint.path,
      auth(ctx, endpoint.auth),
      sValidator('param', endpoint.params, refuseInvalid),
      async (c) => {
        const url = await startWechatPayment(
          ctx,
          pay,
          platform,
          c.get('customer'),
          c.req.valid('param').id,
          kind,
          {
            clientIp: clientAddress(c, ctx.trustProxy),
            origin: requestOrigin(c.req, ctx.trustProxy),
          },
        )
        return c.json(ok(kind === 'h5' ? { h5Url: url } : { codeUrl: url }))
      },
    )
  start('h5', wechatPayH5)
  start('native', wechatPayNative)

  // Answered in WeChat Pay's format, not the envelope; the signature covers the raw body, so it is read as text.
  api.on(payNotify.method, payNotify.path, async (c) => {
    const answer = handlePayNotify(ctx, pay, (name) => c.req.header(name), await c.req.text())
    return c.json(answer.body, answer.status)
  })
}
