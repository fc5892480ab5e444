import type { Order, PayNotifyAnswer, PayTransaction, WechatPayParams } from '@xdance/contract'
import { payNotifySchema, payTransactionSchema } from '@xdance/contract/schemas'
import * as v from 'valibot'
import type { GatewayContext } from '../context'
import { Refusal } from '../gateway-server-error'
import type { PaySettings } from '../pay/pay-settings'
import {
  decryptResource,
  encryptResource,
  jsapiPaySign,
  nonce,
  signNotification,
  verifyNotification,
} from '../pay/wechat-pay-crypto'
import type { Customer } from './auth'
import { checkOrderMove, type OrderRow, payOrder, toOrder } from './orders'

/** How far a notification's timestamp may be from the gateway's clock (replays older than this are refused). */
const NOTIFY_CLOCK_SKEW_MS = 5 * 60_000

/** Refused when the gateway has no merchant settings (outside demo mode, none given). */
function payOff(): Refusal {
  return new Refusal('INTERNAL', { msg: '暂未开通在线支付', tips: '请到前台出示付款码支付' })
}

/**
 * `POST /orders/:id/wechat-pay`: the JSAPI parameters to pay one of the customer's pending orders. The prepay id
 * stands for the provider's `/v3/pay/transactions/jsapi` answer (not called: it is made up here, once per order).
 * Paying through them proves nothing: the card is issued when the notification arrives.
 */
export function wechatPayParams(
  ctx: GatewayContext,
  settings: PaySettings | null,
  customer: Customer,
  orderId: number,
): WechatPayParams {
  if (!settings) throw payOff()
  const now = ctx.now()
  const prepayId = ctx.db.transaction(() => {
    const order = ctx.db.get<OrderRow>(
      'SELECT * FROM orders WHERE id = ? AND customer_id = ?',
      orderId,
      customer.id,
    )
    if (!order) throw new Refusal('NOT_FOUND', { msg: '订单不存在' })
    checkOrderMove(order, 'pay', now)
    if (order.prepay_id) return order.prepay_id
    const id = `wx${nonce(14)}`
    ctx.db.run('UPDATE orders SET prepay_id = ? WHERE id = ?', id, order.id)
    return id
  })
  const fields = {
    timeStamp: String(Math.floor(now / 1000)),
    nonceStr: nonce(16),
    package: `prepay_id=${prepayId}`,
  }
  return { appId: settings.appId, ...fields, ...jsapiPaySign(settings, fields) }
}

/** What the notify handler answers: an HTTP status and WeChat Pay's `{ code, message }`. */
export interface NotifyAnswer {
  status: 200 | 400 | 401 | 404 | 409 | 500
  body: PayNotifyAnswer
}

const fail = (status: NotifyAnswer['status'], message: string): NotifyAnswer => ({
  status,
  body: { code: 'FAIL', message },
})
const SUCCESS: NotifyAnswer = { status: 200, body: { code: 'SUCCESS', message: '成功' } }

/**
 * `POST /pay/notify`: a WeChat Pay v3 payment notification. Verifies the signature over the raw body (and that its
 * timestamp is fresh), decrypts the transaction, checks the merchant, then pays the order it names: the card is
 * issued here and nowhere else. The same notification again answers SUCCESS and issues nothing; a forged or stale
 * one, an unknown order, a wrong amount, or an order no longer pending are answered FAIL and issue nothing.
 */
export function handlePayNotify(
  ctx: GatewayContext,
  settings: PaySettings | null,
  header: (name: string) => string | undefined,
  rawBody: string,
): NotifyAnswer {
  if (!settings) return fail(500, '未配置支付')
  const timestamp = header('wechatpay-timestamp') ?? ''
  const nonceText = header('wechatpay-nonce') ?? ''
  const signature = header('wechatpay-signature') ?? ''
  if (!verifyNotification(settings.apiV3Key, timestamp, nonceText, rawBody, signature)) {
    return fail(401, '签名错误')
  }
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    Math.abs(Number(timestamp) * 1000 - ctx.now()) > NOTIFY_CLOCK_SKEW_MS
  ) {
    return fail(401, '通知已过期')
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(rawBody)
  } catch {
    return fail(400, '通知格式错误')
  }
  const notification = v.safeParse(payNotifySchema, parsed)
  if (!notification.success) return fail(400, '通知格式错误')
  if (notification.output.event_type !== 'TRANSACTION.SUCCESS') return SUCCESS
  const plaintext = decryptResource(settings.apiV3Key, notification.output.resource)
  if (plaintext === undefined) return fail(400, '解密失败')
  let transaction: PayTransaction
  try {
    transaction = v.parse(payTransactionSchema, JSON.parse(plaintext))
  } catch {
    return fail(400, '交易信息格式错误')
  }
  if (transaction.mchid !== settings.mchId || transaction.appid !== settings.appId)
    return fail(400, '商户不符')
  if (transaction.trade_state !== 'SUCCESS') return SUCCESS
  const order = ctx.db.get<{ id: number }>(
    'SELECT id FROM orders WHERE order_no = ?',
    transaction.out_trade_no,
  )
  if (!order) return fail(404, '订单不存在')
  try {
    const { duplicate } = payOrder(ctx, order.id, {
      channel: 'wechat',
      transactionId: transaction.transaction_id,
      amountFen: transaction.amount.total,
    })
    ctx.log(
      `pay notify: order ${transaction.out_trade_no} ${duplicate ? 'already paid (duplicate)' : 'paid'}`,
    )
    return SUCCESS
  } catch (error) {
    if (!Refusal.isInstance(error)) throw error
    // Money arrived for an order we will not fulfil: staff must refund it; the log is where they look.
    ctx.log(`pay notify refused for ${transaction.out_trade_no}: ${error.code} ${error.message}`)
    return fail(error.code === 'VALIDATION' ? 400 : 409, error.message)
  }
}

/** A signed notification as the provider would send it: what the demo emulator and the tests post. */
export interface SignedNotification {
  headers: Record<string, string>
  body: string
}

/**
 * Builds the provider's notification of a successful payment of `order` (the amount given, or the order's), signed
 * and encrypted with the settings' key, stamped with the gateway's clock.
 */
export function buildPayNotification(
  settings: PaySettings,
  now: number,
  order: { orderNo: string; amountFen: number; openId?: string },
  transactionId = `4200${nonce(12)}`,
): SignedNotification {
  const transaction = {
    mchid: settings.mchId,
    appid: settings.appId,
    out_trade_no: order.orderNo,
    transaction_id: transactionId,
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    success_time: new Date(now).toISOString(),
    payer: { openid: order.openId ?? '' },
    amount: { total: order.amountFen, payer_total: order.amountFen, currency: 'CNY', payer_currency: 'CNY' },
  }
  const body = JSON.stringify({
    id: nonce(18),
    create_time: new Date(now).toISOString(),
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    summary: '支付成功',
    resource: encryptResource(settings.apiV3Key, JSON.stringify(transaction)),
  })
  const timestamp = String(Math.floor(now / 1000))
  const nonceText = nonce(16)
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonceText,
      'wechatpay-serial': settings.certSerial,
      'wechatpay-signature': signNotification(settings.apiV3Key, timestamp, nonceText, body),
      'wechatpay-signature-type': 'WECHATPAY2-HMAC-SHA256',
    },
  }
}

/**
 * Demo mode plays WeChat Pay: the customer "paid" order `orderNo`, so the provider notifies the gateway, through
 * the same handler as a real notification. `amountFen` overrides the amount (to stage a mismatch).
 */
export function emulateWechatPay(
  ctx: GatewayContext,
  settings: PaySettings | null,
  orderNo: string,
  amountFen?: number,
  transactionId?: string,
): NotifyAnswer {
  if (!settings) return fail(500, '未配置支付')
  const order = ctx.db.get<{ amount_fen: number; open_id: string }>(
    'SELECT o.amount_fen, c.open_id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.order_no = ?',
    orderNo,
  )
  const notification = buildPayNotification(
    settings,
    ctx.now(),
    {
      orderNo,
      amountFen: amountFen ?? order?.amount_fen ?? 0,
      ...(order ? { openId: order.open_id } : {}),
    },
    transactionId,
  )
  return handlePayNotify(ctx, settings, (name) => notification.headers[name], notification.body)
}

/** Staff took the money at the front desk for the pending order with this code: the card is issued. */
export function frontDeskPay(ctx: GatewayContext, payCode: string): Order {
  const order = ctx.db.get<OrderRow>('SELECT * FROM orders WHERE pay_code = ?', payCode.toUpperCase())
  if (!order) throw new Refusal('NOT_FOUND', { msg: '付款码不存在' })
  const { order: paid } = payOrder(ctx, order.id, {
    channel: 'front-desk',
    transactionId: null,
    amountFen: order.amount_fen,
  })
  return toOrder(paid, ctx.now())
}
