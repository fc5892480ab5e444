import type { GatewayContext } from '../../core/context'
import { readObject, readOptionalInt, readOptionalString } from '../../dev/dev-input'
import type { PaySettings } from '../../parties/wechat-pay/pay-settings'
import type { Api } from '../../routes/gateway-env'
import { handlePayNotify } from '../../services/payments'
import type { PayPlatformEmulator } from './wechat-pay-platform'

/**
 * The emulated WeChat Pay platform's dev route (demo mode on a loopback address, mounted after the other dev routes,
 * so their same-origin guard covers it too): a customer paying on the platform. Answers are plain JSON.
 *
 * @example
 * ```ts
 * mountPayDevRoutes(api, ctx, pay, platform)
 * ```
 */
export function mountPayDevRoutes(
  api: Api,
  ctx: GatewayContext,
  pay: PaySettings | null,
  platform: PayPlatformEmulator | undefined,
): void {
  // The customer paid in WeChat: the emulated platform records the payment and sends the gateway its signed
  // notification, through the same verification as a real one. `transactionId` names WeChat Pay's transaction, so
  // that one transaction can be notified again (the platform resends); `notify: false` loses the notification, so
  // that only the order query (GET /orders/:id) can find the payment.
  api.post('/__dev/pay/:orderNo', async (c) => {
    const body = readObject(await c.req.json())
    const amountFen = readOptionalInt(body.amountFen, 'amountFen', 0, 100_000_000)
    const transactionId = readOptionalString(body.transactionId, 'transactionId', 32)
    const currency = readOptionalString(body.currency, 'currency', 3)
    if (!pay || !platform) return c.json({ status: 500, code: 'FAIL', message: '未配置支付' })
    const orderNo = c.req.param('orderNo')
    const order = ctx.db.get<{ amount_fen: number; open_id: string }>(
      'SELECT o.amount_fen, c.open_id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.order_no = ?',
      orderNo,
    )
    const note = platform.pay(pay, ctx.now(), {
      orderNo,
      amountFen: amountFen ?? order?.amount_fen ?? 0,
      openId: order?.open_id,
      transactionId,
      currency,
    })
    if (body.notify === false) return c.json({ status: 200, code: 'SUCCESS', message: '已支付，通知未发送' })
    const answer = handlePayNotify(ctx, pay, (name) => note.headers[name], note.body)
    return c.json({ status: answer.status, ...answer.body })
  })
}
