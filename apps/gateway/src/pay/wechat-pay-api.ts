import { createSign } from 'node:crypto'
import type { PayTransaction } from '@xdance/contract'
import { payTransactionSchema } from '@xdance/contract/schemas'
import * as v from 'valibot'
import { GatewayServerError } from '../gateway-server-error'
import type { PayPlatform } from './pay-platform'
import type { PaySettings } from './pay-settings'
import { nonce, verifyPlatformSignature } from './wechat-pay-crypto'

/** WeChat Pay's API. */
export const WECHATPAY_API_BASE = 'https://api.mch.weixin.qq.com'

interface Options {
  /** `WECHATPAY_API_BASE`, or a local stand-in in tests. */
  apiBase?: string | undefined
  /** The clock seam: epoch milliseconds. */
  now(): number
  /** Per-call timeout. Default 5 s. */
  timeoutMs?: number | undefined
}

/**
 * The real WeChat Pay platform as the gateway asks it (v3): `GET /v3/pay/transactions/out-trade-no/{no}?mchid=…`,
 * signed with the merchant's private key (`Authorization: WECHATPAY2-SHA256-RSA2048 …`), its answer accepted only
 * with a valid `Wechatpay-Signature` by a platform key the settings trust (as a notification is). `undefined` when
 * the order is unknown to WeChat Pay (`ORDER_NOT_EXIST`); any other failure throws a `GatewayServerError` of kind
 * `upstream` (the order then stays as it is; the notification still settles it). Needs `privateKeyPem` and
 * `certSerial`: without them there is no asking, and {@link createWechatPayApi} returns `undefined`.
 *
 * @example
 * ```ts
 * const platform = createWechatPayApi(settings, { now: Date.now })
 * const transaction = await platform?.queryOrder('XD20250602-000001')
 * ```
 */
export function createWechatPayApi(settings: PaySettings, options: Options): PayPlatform | undefined {
  const { privateKeyPem, certSerial, mchId, platformKeys } = settings
  if (!privateKeyPem || !certSerial) return undefined
  const base = (options.apiBase ?? WECHATPAY_API_BASE).replace(/\/+$/, '')
  const failed = (message: string, cause?: unknown) =>
    new GatewayServerError('upstream', 'WECHATPAY_QUERY_FAILED', `WeChat Pay order query: ${message}`, {
      cause,
    })
  return {
    async queryOrder(orderNo) {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(mchId)}`
      const timestamp = String(Math.floor(options.now() / 1000))
      const nonceText = nonce(16)
      const signature = createSign('RSA-SHA256')
        .update(`GET\n${path}\n${timestamp}\n${nonceText}\n\n`)
        .sign(privateKeyPem, 'base64')
      let response: Response
      let body: string
      try {
        response = await fetch(`${base}${path}`, {
          headers: {
            accept: 'application/json',
            authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${mchId}",nonce_str="${nonceText}",signature="${signature}",timestamp="${timestamp}",serial_no="${certSerial}"`,
          },
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        })
        body = await response.text()
      } catch (error) {
        throw failed(String(error), error)
      }
      const serial = response.headers.get('wechatpay-serial') ?? ''
      const key = Object.hasOwn(platformKeys, serial) ? platformKeys[serial] : undefined
      const signed =
        key !== undefined &&
        verifyPlatformSignature(
          key,
          response.headers.get('wechatpay-timestamp') ?? '',
          response.headers.get('wechatpay-nonce') ?? '',
          body,
          response.headers.get('wechatpay-signature') ?? '',
        )
      // An answer not signed by the platform is nobody's word: never settle an order on it.
      if (!signed) throw failed(`HTTP ${response.status}, not signed by a trusted platform key`)
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch (error) {
        throw failed(`HTTP ${response.status}, no JSON`, error)
      }
      if (response.status === 404 && (parsed as { code?: unknown }).code === 'ORDER_NOT_EXIST')
        return undefined
      if (!response.ok) throw failed(`HTTP ${response.status} ${String((parsed as { code?: unknown }).code)}`)
      // NOTPAY, CLOSED, USERPAYING…: nothing to settle (such an answer has no transaction id).
      if ((parsed as { trade_state?: unknown }).trade_state !== 'SUCCESS') return undefined
      const transaction = v.safeParse(payTransactionSchema, parsed)
      if (!transaction.success) throw failed('an answer of the wrong shape')
      return transaction.output satisfies PayTransaction
    },
  }
}
