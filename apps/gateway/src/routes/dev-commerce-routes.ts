import type { GatewayContext } from '../context'
import { readObject, readOptionalInt, readOptionalString } from '../dev-input'
import { listEmulatedMessages } from '../emulation/message-providers'
import type { PayPlatformEmulator } from '../emulation/wechat-pay-platform'
import { Refusal } from '../gateway-server-error'
import type { PaySettings } from '../pay/pay-settings'
import type { TickResult } from '../scheduler'
import { listOutbox } from '../services/outbox'
import { frontDeskPay, handlePayNotify } from '../services/payments'
import type { Api } from './gateway-env'

/**
 * The dev API of shopping and notices (demo mode only, beside the other dev routes): plays WeChat Pay, takes money
 * at the front desk, stages products, shows the outbox and runs the scheduler once. Answers are plain JSON.
 */
export function mountDevCommerceRoutes(
  api: Api,
  ctx: GatewayContext,
  pay: PaySettings | null,
  platform: PayPlatformEmulator | undefined,
  tick: () => TickResult,
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

  // Staff took the money for the order with this front-desk code.
  api.post('/__dev/front-desk/pay', async (c) => {
    const payCode = readOptionalString(readObject(await c.req.json()).payCode, 'payCode', 16)
    if (!payCode) throw new Refusal('VALIDATION', { msg: 'payCode 不能为空', data: { field: 'payCode' } })
    return c.json(frontDeskPay(ctx, payCode))
  })

  api.post('/__dev/products', async (c) => {
    const body = readObject(await c.req.json())
    const name = readOptionalString(body.name, 'name', 50) ?? '测试卡'
    const credits = readOptionalInt(body.credits, 'credits', 1, 1000) ?? 10
    const validDays = readOptionalInt(body.validDays, 'validDays', 1, 3650) ?? 30
    const priceFen = readOptionalInt(body.priceFen, 'priceFen', 0, 100_000_000) ?? 100
    const trial = body.trial === true ? 1 : 0
    const active = body.active === false ? 0 : 1
    const { lastId } = ctx.db.run(
      `INSERT INTO products (name, credits, valid_days, price_fen, trial, active, sort) VALUES (?, ?, ?, ?, ?, ?, 100)`,
      name,
      credits,
      validDays,
      priceFen,
      trial,
      active,
    )
    return c.json({
      id: lastId,
      name,
      credits,
      validDays,
      priceFen,
      trial: trial === 1,
      active: active === 1,
    })
  })

  api.get('/__dev/outbox', (c) => c.json(listOutbox(ctx)))

  // What the emulated SMS and template-message providers accepted (once per idempotency key).
  api.get('/__dev/messages', (c) => c.json(listEmulatedMessages(ctx)))

  // One run of the due-time work now (it also runs on its own every interval).
  api.post('/__dev/scheduler/tick', (c) => c.json(tick()))
}
