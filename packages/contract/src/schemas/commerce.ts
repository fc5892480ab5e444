import * as v from 'valibot'
import { count, id, idMessage, idNumber, instant, missingField } from './fields'

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
})

/** `GET /products`: the products on sale, in the studio's order. */
export const productListSchema = v.object({ list: v.array(productSchema) })

/**
 * Where an order stands. `pending` is the only state that moves: to `paid` (the payment notification arrived; the
 * card is issued), `cancelled` (by the customer) or `expired` (unpaid 15 minutes after it was created).
 */
export const orderStatusSchema = v.picklist(['pending', 'paid', 'cancelled', 'expired'])

/** How an order was paid: WeChat Pay (its notification) or at the front desk (staff). */
export const payChannelSchema = v.picklist(['wechat', 'front-desk'])

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

/** `GET /orders`: the customer's orders, newest first. */
export const orderListSchema = v.object({ list: v.array(orderSchema) })

/** `POST /orders` body: the product to buy. */
export const createOrderRequestSchema = v.object(
  { productId: idNumber('productId') },
  missingField({ productId: idMessage('productId') }),
)

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

/**
 * `POST /orders/:id/wechat-pay/h5` answer: WeChat Pay's H5 payment page (`h5_url`, valid 5 minutes) for a phone
 * browser outside WeChat. The client adds `&redirect_url=` (its order page, URL-encoded) and goes there; the platform
 * sends the customer back, and the order says what happened (its notification, never the return, pays it).
 */
export const wechatPayH5Schema = v.object({ h5Url: v.pipe(v.string(), v.url()) })

/**
 * `POST /orders/:id/wechat-pay/native` answer: WeChat Pay's Native payment (`code_url`, valid 2 hours) for a desktop
 * browser: the client shows it as a QR code to scan with WeChat and reloads the order until it is paid or expired.
 */
export const wechatPayNativeSchema = v.object({
  codeUrl: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
})

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

/**
 * What `POST /pay/notify` answers: WeChat Pay's own format, not the envelope. `SUCCESS` with HTTP 200 (the provider
 * stops resending); `FAIL` with HTTP 4xx or 5xx and the reason (the provider resends later).
 */
export const payNotifyAnswerSchema = v.object({
  code: v.picklist(['SUCCESS', 'FAIL']),
  message: v.string(),
})
