import type { DataLanguage, Order, PayNotifyAnswer, PayTransaction, WechatPayParams } from '@xdance/contract'
import { payNotifySchema, payTransactionSchema } from '@xdance/contract/schemas'
import * as v from 'valibot'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import type { PaySettings } from '../parties/wechat-pay/pay-settings'
import {
  decryptResource,
  jsapiPaySign,
  nonce,
  verifyPlatformSignature,
} from '../parties/wechat-pay/wechat-pay-crypto'
import type { PaymentKind, PayPlatform } from '../parties/wechat-pay/wechat-pay-port'
import type { Customer } from './auth'
import { checkOrderMove, getOrder, type OrderRow, payOrder, toOrder } from './orders'

/** The currency of every order: prices are in fen of CNY. */
const ORDER_CURRENCY = 'CNY'

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

/** Where the customer is when an H5 or Native payment starts. */
export interface PaymentPlace {
  clientIp: string
  origin: string
}

/**
 * `POST /orders/:id/wechat-pay/h5` and `/native`: starts WeChat Pay's H5 payment (a phone browser outside WeChat) or
 * its Native payment (a QR code on a desktop) for one of the customer's pending orders, on the platform, and answers
 * its URL. Like JSAPI, this proves nothing: the card is issued when the platform's notification arrives (or when the
 * order query finds the transaction, hence the prepay id that marks the order as sent to WeChat Pay).
 */
export async function startWechatPayment(
  ctx: GatewayContext,
  settings: PaySettings | null,
  platform: PayPlatform | undefined,
  customer: Customer,
  orderId: number,
  kind: PaymentKind,
  place: PaymentPlace,
): Promise<string> {
  if (!settings || !platform) throw payOff()
  const order = ctx.db.transaction(() => {
    const row = ctx.db.get<OrderRow>(
      'SELECT * FROM orders WHERE id = ? AND customer_id = ?',
      orderId,
      customer.id,
    )
    if (!row) throw new Refusal('NOT_FOUND', { msg: '订单不存在' })
    checkOrderMove(row, 'pay', ctx.now())
    if (!row.prepay_id) ctx.db.run('UPDATE orders SET prepay_id = ? WHERE id = ?', `wx${nonce(14)}`, row.id)
    return row
  })
  try {
    return await platform.startPayment({
      kind,
      orderNo: order.order_no,
      amountFen: order.amount_fen,
      description: order.product_name,
      ...place,
    })
  } catch (error) {
    ctx.log(
      `pay ${kind} start failed for ${order.order_no}: ${error instanceof Error ? error.message : String(error)}`,
    )
    throw new Refusal('INTERNAL', { msg: '暂时无法发起支付', tips: '请稍后重试，或到前台出示付款码支付' })
  }
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
 * `POST /pay/notify`: a WeChat Pay v3 payment notification. Verifies the RSA-SHA256 signature over the raw body with
 * the platform public key `Wechatpay-Serial` names (an unknown serial is refused) and that its timestamp is within
 * 5 minutes, decrypts the transaction with the API v3 key, then settles it ({@link settleTransaction}): the card is
 * issued there and nowhere else. The same notification again answers SUCCESS and issues nothing.
 */
export function handlePayNotify(
  ctx: GatewayContext,
  settings: PaySettings | null,
  header: (name: string) => string | undefined,
  rawBody: string,
): NotifyAnswer {
  if (!settings) return fail(500, '未配置支付')
  const serial = header('wechatpay-serial') ?? ''
  const timestamp = header('wechatpay-timestamp') ?? ''
  const nonceText = header('wechatpay-nonce') ?? ''
  const signature = header('wechatpay-signature') ?? ''
  const publicKey = Object.hasOwn(settings.platformKeys, serial) ? settings.platformKeys[serial] : undefined
  if (!publicKey) return fail(401, '平台证书序列号未知')
  if (!verifyPlatformSignature(publicKey, timestamp, nonceText, rawBody, signature)) {
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
  return settleTransaction(ctx, settings, transaction, 'notify')
}

/**
 * Pays the order a successful transaction names, once: the merchant (`mchid`, `appid`), the order (`out_trade_no`),
 * the amount (`amount.total`, in `payOrder`) and the currency (`amount.currency`) must match the order. The same
 * transaction again is SUCCESS and issues nothing. Shared by the notification and the order query.
 */
export function settleTransaction(
  ctx: GatewayContext,
  settings: PaySettings,
  transaction: PayTransaction,
  via: 'notify' | 'query',
): NotifyAnswer {
  if (transaction.mchid !== settings.mchId || transaction.appid !== settings.appId)
    return fail(400, '商户不符')
  if (transaction.trade_state !== 'SUCCESS') return SUCCESS
  if (transaction.amount.currency !== ORDER_CURRENCY) return fail(400, '币种不符')
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
      `pay ${via}: order ${transaction.out_trade_no} ${duplicate ? 'already paid (duplicate)' : 'paid'}`,
    )
    return SUCCESS
  } catch (error) {
    if (!Refusal.isInstance(error)) throw error
    ctx.log(`pay ${via} refused for ${transaction.out_trade_no}: ${error.code} ${error.message}`)
    return fail(error.code === 'VALIDATION' ? 400 : 409, error.message)
  }
}

/**
 * `GET /orders/:id` when the app comes back from paying: a pending order that was sent to WeChat Pay is looked up
 * on the platform (never on the client's word), and settled if the platform says it was paid, in case the
 * notification is late or lost. Then the order as it stands.
 */
export async function getOrderAfterPayment(
  ctx: GatewayContext,
  settings: PaySettings | null,
  platform: PayPlatform | undefined,
  customer: Customer,
  orderId: number,
  lang: DataLanguage = 'zh',
): Promise<Order> {
  const row = ctx.db.get<OrderRow>(
    "SELECT * FROM orders WHERE id = ? AND customer_id = ? AND status = 'pending' AND prepay_id IS NOT NULL",
    orderId,
    customer.id,
  )
  if (row && settings && platform) {
    try {
      const transaction = await platform.queryOrder(row.order_no)
      if (transaction) settleTransaction(ctx, settings, transaction, 'query')
    } catch (error) {
      // The platform unreachable: the order stays as it is; the notification still settles it.
      ctx.log(
        `pay query failed for ${row.order_no}: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
  return getOrder(ctx, customer, orderId, lang)
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
