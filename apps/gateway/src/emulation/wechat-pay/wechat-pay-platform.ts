import { createSign, generateKeyPairSync } from 'node:crypto'
import type { PayTransaction } from '@xdance/contract'
import type { PaySettings } from '../../parties/wechat-pay/pay-settings'
import { encryptResource, nonce, signedMessage } from '../../parties/wechat-pay/wechat-pay-crypto'
import type { PaymentKind, PayPlatform } from '../../parties/wechat-pay/wechat-pay-port'

/** A notification as the platform sends it: headers and the raw body the signature covers. */
export interface SignedNotification {
  headers: Record<string, string>
  body: string
}

/** What a staged payment may change (to stage a mismatch a real platform would never send). */
export interface StagedPayment {
  orderNo: string
  amountFen: number
  openId?: string | undefined
  transactionId?: string | undefined
  currency?: string | undefined
  mchId?: string | undefined
  /** How the customer paid: `JSAPI` (default), `MWEB` (H5) or `NATIVE`. */
  tradeType?: 'JSAPI' | 'MWEB' | 'NATIVE' | undefined
}

/** A payment started on the emulated platform and not yet finished: what its page shows. */
export interface DemoCheckout {
  kind: PaymentKind
  orderNo: string
  amountFen: number
  description: string
}

/**
 * The demo's WeChat Pay platform: an RSA key pair made at start (its public key goes into the gateway's
 * `platformKeys` under {@link PayPlatformEmulator.serial}, as a real platform certificate would), the payments
 * customers made on it, and their notifications signed as WeChat Pay v3 signs them. The gateway verifies them through
 * the same code as real ones.
 */
export interface PayPlatformEmulator extends PayPlatform {
  readonly serial: string
  readonly publicKeyPem: string
  /** The customer paid on the platform: the transaction is recorded, and its signed notification returned. */
  pay(settings: PaySettings, now: number, payment: StagedPayment): SignedNotification
  /** Signs any notification body with the platform's key (what tests use to stage a stale or altered one). */
  sign(body: string, now: number): SignedNotification
  /** The payment a checkout ticket (from an H5 or Native URL) stands for; `undefined` when unknown. */
  checkout(ticket: string): DemoCheckout | undefined
  /** Forgets every payment and checkout (the dev API's reset, after which order numbers start again). */
  reset(): void
}

/** Where the emulated platform's pages are (under the gateway's prefix). */
export interface PayPlatformEmulatorOptions {
  /** The path of the checkout page, e.g. `/dance-gateway/wechat-pay-demo/checkout`. */
  checkoutPath?: string
}

/**
 * Makes the emulated platform (about 50 ms: one RSA-2048 key pair).
 *
 * @example
 * const platform = createPayPlatformEmulator()
 * const note = platform.pay(settings, Date.now(), { orderNo: 'XD20250602-000001', amountFen: 88000 })
 */
export function createPayPlatformEmulator(options: PayPlatformEmulatorOptions = {}): PayPlatformEmulator {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const serial = `EMU${nonce(16).toUpperCase()}`
  const paid = new Map<string, PayTransaction>()
  const checkouts = new Map<string, DemoCheckout>()
  const checkoutPath = options.checkoutPath ?? '/wechat-pay-demo/checkout'
  const sign = (body: string, now: number): SignedNotification => {
    const timestamp = String(Math.floor(now / 1000))
    const nonceText = nonce(16)
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonceText,
        'wechatpay-serial': serial,
        'wechatpay-signature': createSign('RSA-SHA256')
          .update(signedMessage(timestamp, nonceText, body))
          .sign(privateKey, 'base64'),
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
    }
  }
  return {
    serial,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    async queryOrder(orderNo) {
      return paid.get(orderNo)
    },
    sign,
    // H5 and Native both lead to the checkout page (a real Native code is `weixin://wxpay/bizpayurl?pr=…`, which
    // only WeChat opens; the demo's is the page's address, so that a phone's camera opens it).
    async startPayment(start) {
      const ticket = nonce(24)
      checkouts.set(ticket, {
        kind: start.kind,
        orderNo: start.orderNo,
        amountFen: start.amountFen,
        description: start.description,
      })
      return `${start.origin}${checkoutPath}?ticket=${ticket}`
    },
    checkout: (ticket) => checkouts.get(ticket),
    reset() {
      paid.clear()
      checkouts.clear()
    },
    pay(settings, now, payment) {
      const transaction = {
        mchid: payment.mchId ?? settings.mchId,
        appid: settings.appId,
        out_trade_no: payment.orderNo,
        transaction_id: payment.transactionId ?? `4200${nonce(12)}`,
        trade_type: payment.tradeType ?? 'JSAPI',
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        success_time: new Date(now).toISOString(),
        payer: { openid: payment.openId ?? '' },
        amount: {
          total: payment.amountFen,
          payer_total: payment.amountFen,
          currency: payment.currency ?? 'CNY',
          payer_currency: payment.currency ?? 'CNY',
        },
      }
      paid.set(payment.orderNo, transaction)
      const body = JSON.stringify({
        id: nonce(18),
        create_time: new Date(now).toISOString(),
        event_type: 'TRANSACTION.SUCCESS',
        resource_type: 'encrypt-resource',
        summary: '支付成功',
        resource: encryptResource(settings.apiV3Key, JSON.stringify(transaction)),
      })
      return sign(body, now)
    },
  }
}
