import { randomInt } from 'node:crypto'
import {
  type DataLanguage,
  type Order,
  type OrderList,
  type OrderStatus,
  type PayChannel,
  type Product,
  type ProductList,
  RULES,
  studioDate,
  toStudioIso,
} from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { inLanguage, localized } from '../db/localized'
import type { Customer } from './auth'
import { creditsEn, writeNotice, yuanEn } from './notices'
import { nextOrderState, type OrderEvent } from './order-states'

const DAY_MS = 24 * 60 * 60 * 1000
const PAY_MS = RULES.orderPayMinutes * 60_000
// Letters and digits a customer cannot misread to staff (no 0/O, 1/I/L).
const PAY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const PAY_CODE_LENGTH = 6

interface ProductRow {
  id: number
  name: string
  name_en: string
  description: string
  credits: number
  valid_days: number
  price_fen: number
  trial: number
  family: number
  active: number
}

/** An order as stored. */
export interface OrderRow {
  id: number
  order_no: string
  pay_code: string
  customer_id: number
  product_id: number
  product_name: string
  /** The product's English name when bought ('' where the studio wrote none). */
  product_name_en: string
  credits: number
  valid_days: number
  amount_fen: number
  trial: number
  /** 1 when the product bought is a family card (the card it issues is one). */
  family: number
  status: OrderStatus
  created_at: number
  expires_at: number
  paid_at: number | null
  cancelled_at: number | null
  pay_channel: PayChannel | null
  transaction_id: string | null
  prepay_id: string | null
  card_id: number | null
}

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  credits: row.credits,
  validDays: row.valid_days,
  priceFen: row.price_fen,
  trial: row.trial === 1,
  family: row.family === 1,
})

/**
 * An order as the customer sees it (a lapsed pending order already shows `expired`), its product's name in `lang`
 * (the Chinese where the studio wrote no English).
 */
export function toOrder(row: OrderRow, now: number, lang: DataLanguage = 'zh'): Order {
  const status = row.status === 'pending' && now >= row.expires_at ? 'expired' : row.status
  return {
    id: row.id,
    orderNo: row.order_no,
    payCode: row.pay_code,
    productId: row.product_id,
    productName: inLanguage(row.product_name, row.product_name_en, lang),
    credits: row.credits,
    validDays: row.valid_days,
    amountFen: row.amount_fen,
    trial: row.trial === 1,
    status,
    createdAt: toStudioIso(row.created_at),
    expiresAt: toStudioIso(row.expires_at),
    paidAt: row.paid_at === null ? null : toStudioIso(row.paid_at),
    cancelledAt: row.cancelled_at === null ? null : toStudioIso(row.cancelled_at),
    payChannel: row.pay_channel,
    cardId: row.card_id,
  }
}

/** The order number receipts show: `XD` + the studio date + the order id on six digits. */
export const orderNumber = (id: number, createdAt: number) =>
  `XD${studioDate(createdAt).replaceAll('-', '')}-${String(id).padStart(6, '0')}`

/** `GET /products`: the products on sale. */
export function listProducts(ctx: GatewayContext, lang: DataLanguage = 'zh'): ProductList {
  const rows = ctx.db.all<ProductRow>(
    `SELECT *, ${localized('name', lang)} AS name, ${localized('description', lang)} AS description
     FROM products WHERE active = 1 ORDER BY sort, id`,
  )
  return { list: rows.map(toProduct) }
}

/**
 * Creates a pending order for a product on sale, with its order number and front-desk code; it expires unpaid
 * after `RULES.orderPayMinutes`. A trial product is sold once per customer: a pending or paid trial order blocks
 * another (the database holds that rule too, with a unique index).
 */
export function createOrder(
  ctx: GatewayContext,
  customer: Customer,
  productId: number,
  lang: DataLanguage = 'zh',
): Order {
  const orderId = ctx.db.transaction(() => {
    const now = ctx.now()
    expireDueOrders(ctx, now)
    const product = ctx.db.get<ProductRow>('SELECT * FROM products WHERE id = ?', productId)
    if (!product) throw new Refusal('NOT_FOUND', { msg: '商品不存在' })
    if (product.active !== 1) throw new Refusal('PRODUCT_UNAVAILABLE')
    if (product.trial === 1) {
      const trial = ctx.db.get<{ status: OrderStatus }>(
        "SELECT status FROM orders WHERE customer_id = ? AND trial = 1 AND status IN ('pending', 'paid')",
        customer.id,
      )
      if (trial) {
        throw new Refusal('TRIAL_ALREADY_USED', {
          ...(trial.status === 'pending' ? { tips: '你有一个待支付的体验卡订单' } : {}),
        })
      }
    }
    const { lastId } = ctx.db.run(
      `INSERT INTO orders (pay_code, customer_id, product_id, product_name, product_name_en, credits, valid_days,
         amount_fen, trial, family, status, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
      freePayCode(ctx),
      customer.id,
      product.id,
      product.name,
      product.name_en,
      product.credits,
      product.valid_days,
      product.price_fen,
      product.trial,
      product.family,
      now,
      now + PAY_MS,
    )
    ctx.db.run('UPDATE orders SET order_no = ? WHERE id = ?', orderNumber(lastId, now), lastId)
    return lastId
  })
  return getOrder(ctx, customer, orderId, lang)
}

function freePayCode(ctx: GatewayContext): string {
  for (;;) {
    let code = ''
    for (let i = 0; i < PAY_CODE_LENGTH; i++) code += PAY_CODE_ALPHABET[randomInt(PAY_CODE_ALPHABET.length)]
    if (!ctx.db.get('SELECT 1 FROM orders WHERE pay_code = ?', code)) return code
  }
}

function loadOwnOrder(ctx: GatewayContext, customer: Customer, orderId: number): OrderRow {
  const row = ctx.db.get<OrderRow>(
    'SELECT * FROM orders WHERE id = ? AND customer_id = ?',
    orderId,
    customer.id,
  )
  if (!row) throw new Refusal('NOT_FOUND', { msg: '订单不存在' })
  return row
}

/** One of the customer's own orders (someone else's is 40401, as if it did not exist). */
export function getOrder(
  ctx: GatewayContext,
  customer: Customer,
  orderId: number,
  lang: DataLanguage = 'zh',
): Order {
  return toOrder(loadOwnOrder(ctx, customer, orderId), ctx.now(), lang)
}

/** The customer's orders, newest first. */
export function listOrders(ctx: GatewayContext, customer: Customer, lang: DataLanguage = 'zh'): OrderList {
  const now = ctx.now()
  const rows = ctx.db.all<OrderRow>(
    'SELECT * FROM orders WHERE customer_id = ? ORDER BY created_at DESC, id DESC',
    customer.id,
  )
  return { list: rows.map((row) => toOrder(row, now, lang)) }
}

/** The refusal for moving this order on `event` now, if the state machine refuses it. */
export function checkOrderMove(order: OrderRow, event: OrderEvent, now: number): void {
  const next = nextOrderState({ status: order.status, expiresAt: order.expires_at }, event, now)
  if ('refusal' in next) throw new Refusal(next.refusal)
}

/** Cancels a pending order of the customer's. */
export function cancelOrder(
  ctx: GatewayContext,
  customer: Customer,
  orderId: number,
  lang: DataLanguage = 'zh',
): Order {
  ctx.db.transaction(() => {
    const now = ctx.now()
    const order = loadOwnOrder(ctx, customer, orderId)
    checkOrderMove(order, 'cancel', now)
    ctx.db.run(
      "UPDATE orders SET status = 'cancelled', cancelled_at = ? WHERE id = ? AND status = 'pending'",
      now,
      order.id,
    )
  })
  return getOrder(ctx, customer, orderId, lang)
}

/** Writes `expired` on every pending order past its time (the sweep; reads already show them expired). */
export function expireDueOrders(ctx: GatewayContext, now: number): number {
  return ctx.db.run("UPDATE orders SET status = 'expired' WHERE status = 'pending' AND expires_at <= ?", now)
    .changes
}

/** A payment received for an order: by WeChat Pay (with its transaction id) or at the front desk. */
export interface Payment {
  channel: PayChannel
  /** The provider's transaction id; `null` at the front desk. */
  transactionId: string | null
  amountFen: number
}

/**
 * Records a payment and issues the card, in one write transaction: the order moves `pending → paid`, the card
 * (the product's credits, valid from now for its days) is created, and the paid notice is written. The same
 * provider transaction again is a duplicate (`duplicate: true`, nothing issued); a wrong amount, an expired,
 * cancelled or otherwise paid order are refused and issue nothing.
 */
export function payOrder(
  ctx: GatewayContext,
  orderId: number,
  payment: Payment,
): { order: OrderRow; duplicate: boolean } {
  return ctx.db.transaction(() => {
    const now = ctx.now()
    const order = ctx.db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', orderId)
    if (!order) throw new Refusal('NOT_FOUND', { msg: '订单不存在' })
    if (
      order.status === 'paid' &&
      payment.transactionId !== null &&
      order.transaction_id === payment.transactionId
    ) {
      return { order, duplicate: true }
    }
    checkOrderMove(order, 'pay', now)
    if (payment.amountFen !== order.amount_fen) {
      throw new Refusal('VALIDATION', {
        msg: '支付金额与订单金额不符',
        data: { field: 'amount', expected: order.amount_fen, received: payment.amountFen },
      })
    }
    const card = ctx.db.run(
      `INSERT INTO cards (customer_id, name, name_en, credits_total, credits_left, valid_from, valid_until, family)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      order.customer_id,
      order.product_name,
      order.product_name_en,
      order.credits,
      order.credits,
      now,
      now + order.valid_days * DAY_MS,
      order.family,
    ).lastId
    ctx.db.run(
      `UPDATE orders SET status = 'paid', paid_at = ?, pay_channel = ?, transaction_id = ?, card_id = ?
       WHERE id = ? AND status = 'pending'`,
      now,
      payment.channel,
      payment.transactionId,
      card,
      order.id,
    )
    writeNotice(
      ctx,
      {
        customerId: order.customer_id,
        kind: 'order-paid',
        key: `order-paid:order:${order.id}`,
        title: '购卡成功',
        body: `订单 ${order.order_no} 已支付 ¥${(order.amount_fen / 100).toFixed(2)}，「${order.product_name}」${order.credits} 次已到账，有效期 ${order.valid_days} 天。`,
        titleEn: 'Card bought',
        bodyEn: `Order ${order.order_no} is paid (${yuanEn(order.amount_fen)}): ${creditsEn(order.credits)} of "${inLanguage(order.product_name, order.product_name_en, 'en')}" added, valid for ${order.valid_days} days.`,
        orderId: order.id,
        cardId: card,
      },
      now,
    )
    const paid = ctx.db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', order.id)
    if (!paid) throw new Refusal('NOT_FOUND', { msg: '订单不存在' })
    return { order: paid, duplicate: false }
  })
}
