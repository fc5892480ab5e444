import * as v from 'valibot'
import type { Endpoint, EndpointKey } from '../endpoint'
import { count, id, idMessage, idNumber, instant, missingField } from './fields'
import { idParamSchema } from './studio'

/**
 * A card product the studio sells: credits, how many days the card is valid from its payment, the price in fen
 * (integer, ¥880 is `88000`) and whether it is a trial card (one per customer).
 */
export const productSchema = v.object({
  id,
  name: v.string(),
  description: v.string(),
  credits: id,
  validDays: id,
  priceFen: count,
  trial: v.boolean(),
  /** A family card: any member of the buyer's family books on the card it issues. */
  family: v.boolean(),
})
/** A card product on sale. @example const product: Product = products.list[0] */
export type Product = v.InferOutput<typeof productSchema>

/** `GET /products`: the products on sale, in the studio's order. */
export const productListSchema = v.object({ list: v.array(productSchema) })
/** @example const { list }: ProductList = await client.get('/products') */
export type ProductList = v.InferOutput<typeof productListSchema>

/**
 * Where an order stands. `pending` is the only state that moves: to `paid` (the payment notification arrived; the
 * card is issued), `cancelled` (by the customer) or `expired` (unpaid 15 minutes after it was created).
 */
export const orderStatusSchema = v.picklist(['pending', 'paid', 'cancelled', 'expired'])
/** @example const s: OrderStatus = 'pending' */
export type OrderStatus = v.InferOutput<typeof orderStatusSchema>

/** How an order was paid: WeChat Pay (its notification) or at the front desk (staff). */
export const payChannelSchema = v.picklist(['wechat', 'front-desk'])
/** @example const channel: PayChannel = 'wechat' */
export type PayChannel = v.InferOutput<typeof payChannelSchema>

/**
 * An order of one product. `orderNo` is what receipts and staff show (`XD20250602-000123`); `payCode` is the short
 * code a customer shows at the front desk to pay there. `cardId` is the card issued once paid.
 */
export const orderSchema = v.object({
  id,
  orderNo: v.string(),
  payCode: v.string(),
  productId: id,
  productName: v.string(),
  credits: id,
  validDays: id,
  amountFen: count,
  trial: v.boolean(),
  status: orderStatusSchema,
  createdAt: instant,
  /** When a pending order expires (15 minutes after it was created). */
  expiresAt: instant,
  paidAt: v.nullable(instant),
  cancelledAt: v.nullable(instant),
  payChannel: v.nullable(payChannelSchema),
  cardId: v.nullable(id),
})
/** @example const order: Order = await client.post('/orders', { productId: 2 }) */
export type Order = v.InferOutput<typeof orderSchema>

/** `GET /orders`: the customer's orders, newest first. */
export const orderListSchema = v.object({ list: v.array(orderSchema) })
/** @example const { list }: OrderList = await client.get('/orders') */
export type OrderList = v.InferOutput<typeof orderListSchema>

/** `POST /orders` body: the product to buy. */
export const createOrderRequestSchema = v.object(
  { productId: idNumber('productId') },
  missingField({ productId: idMessage('productId') }),
)
/** @example const body: CreateOrderRequest = { productId: 2 } */
export type CreateOrderRequest = v.InferInput<typeof createOrderRequestSchema>

/**
 * `POST /orders/:id/wechat-pay` answer: the parameters of WeChat Pay v3 JSAPI, passed as they are to
 * `wx.chooseWXPay` (as `timestamp`) or `WeixinJSBridge.invoke('getBrandWCPayRequest', params)`. `paySign` signs
 * `appId\ntimeStamp\nnonceStr\npackage\n`: `RSA` (SHA256-RSA with the merchant key) when the gateway has one,
 * `HMAC-SHA256` with its API v3 key otherwise (the demo).
 */
export const wechatPayParamsSchema = v.object({
  appId: v.string(),
  timeStamp: v.pipe(v.string(), v.regex(/^\d+$/)),
  nonceStr: v.string(),
  package: v.pipe(v.string(), v.startsWith('prepay_id=')),
  signType: v.picklist(['RSA', 'HMAC-SHA256']),
  paySign: v.string(),
})
/** @example WeixinJSBridge.invoke('getBrandWCPayRequest', params as WechatPayParams, done) */
export type WechatPayParams = v.InferOutput<typeof wechatPayParamsSchema>

/**
 * `POST /orders/:id/wechat-pay/h5` answer: WeChat Pay's H5 payment page (`h5_url`, valid 5 minutes) for a phone
 * browser outside WeChat. The client adds `&redirect_url=` (its order page, URL-encoded) and goes there; the platform
 * sends the customer back, and the order says what happened (its notification, never the return, pays it).
 */
export const wechatPayH5Schema = v.object({ h5Url: v.pipe(v.string(), v.url()) })
/** @example location.assign(`${pay.h5Url}&redirect_url=${encodeURIComponent(location.href)}`) */
export type WechatPayH5 = v.InferOutput<typeof wechatPayH5Schema>

/**
 * `POST /orders/:id/wechat-pay/native` answer: WeChat Pay's Native payment (`code_url`, valid 2 hours) for a desktop
 * browser: the client shows it as a QR code to scan with WeChat and reloads the order until it is paid or expired.
 */
export const wechatPayNativeSchema = v.object({
  codeUrl: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
})
/** @example renderQrCode(pay.codeUrl) */
export type WechatPayNative = v.InferOutput<typeof wechatPayNativeSchema>

/**
 * `POST /pay/notify` body: a WeChat Pay v3 payment notification. `resource` is the transaction
 * ({@link payTransactionSchema}) encrypted with AES-256-GCM under the API v3 key; the request is signed in the
 * `Wechatpay-Signature` header over `timestamp\nnonce\nbody\n`.
 */
export const payNotifySchema = v.object({
  id: v.string(),
  create_time: v.string(),
  event_type: v.string(),
  resource_type: v.string(),
  summary: v.string(),
  resource: v.object({
    algorithm: v.literal('AEAD_AES_256_GCM'),
    original_type: v.string(),
    ciphertext: v.string(),
    nonce: v.string(),
    associated_data: v.optional(v.string()),
  }),
})
/** A WeChat Pay v3 payment notification. @example const note: PayNotify = await request.json() */
export type PayNotify = v.InferOutput<typeof payNotifySchema>

/** The decrypted `resource` of a payment notification (the fields the gateway reads). */
export const payTransactionSchema = v.object({
  mchid: v.string(),
  appid: v.string(),
  out_trade_no: v.string(),
  transaction_id: v.string(),
  trade_state: v.string(),
  success_time: v.optional(v.string()),
  payer: v.optional(v.object({ openid: v.string() })),
  amount: v.object({ total: count, currency: v.optional(v.string()) }),
})
/** A notification's decrypted transaction. @example const paid = tx.trade_state === 'SUCCESS' */
export type PayTransaction = v.InferOutput<typeof payTransactionSchema>

/**
 * What `POST /pay/notify` answers: WeChat Pay's own format, not the envelope. `SUCCESS` with HTTP 200 (the provider
 * stops resending); `FAIL` with HTTP 4xx or 5xx and the reason (the provider resends later).
 */
export const payNotifyAnswerSchema = v.object({
  code: v.picklist(['SUCCESS', 'FAIL']),
  message: v.string(),
})
/** @example const answer: PayNotifyAnswer = { code: 'SUCCESS', message: '成功' } */
export type PayNotifyAnswer = v.InferOutput<typeof payNotifyAnswerSchema>

/**
 * The shop: card products, orders, and paying them with WeChat Pay. One row per call, keyed by its method and path (see `Endpoint`).
 */
export const commerceCalls = {
  'GET /products': { auth: 'none', answer: productListSchema },
  'POST /orders': { auth: 'required', idempotent: true, body: createOrderRequestSchema, answer: orderSchema },
  'GET /orders': { auth: 'required', answer: orderListSchema },
  'GET /orders/:id': { auth: 'required', params: idParamSchema, answer: orderSchema },
  'POST /orders/:id/cancel': {
    auth: 'required',
    idempotent: true,
    params: idParamSchema,
    answer: orderSchema,
  },
  'POST /orders/:id/wechat-pay': { auth: 'required', params: idParamSchema, answer: wechatPayParamsSchema },
  'POST /orders/:id/wechat-pay/h5': { auth: 'required', params: idParamSchema, answer: wechatPayH5Schema },
  'POST /orders/:id/wechat-pay/native': {
    auth: 'required',
    params: idParamSchema,
    answer: wechatPayNativeSchema,
  },
  'POST /pay/notify': { auth: 'none', envelope: false, body: payNotifySchema, answer: payNotifyAnswerSchema },
} as const satisfies Record<EndpointKey, Endpoint>
