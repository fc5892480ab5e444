import { createSign } from 'node:crypto'
import type { PayTransaction } from '@xdance/contract'
import { payTransactionSchema } from '@xdance/contract/schemas'
import * as v from 'valibot'
import type { PaySettings } from './pay-settings'
import { nonce, verifyPlatformSignature } from './wechat-pay-crypto'
import type { PayPlatform } from './wechat-pay-port'

/** WeChat Pay's API host. */
export const WECHATPAY_API_BASE = 'https://api.mch.weixin.qq.com'

/** What {@link createWechatPayApi} needs besides the merchant: where the API is, the clock, a fetch. */
export interface WechatPayApiOptions {
  /** Default {@link WECHATPAY_API_BASE}; a test points it at a local server that plays the platform. */
  base?: string
  now: () => number
  fetch?: typeof fetch
  /** How long one call may take. Default 5 000 ms. */
  timeoutMs?: number
}

/**
 * The real WeChat Pay platform (API v3) as the {@link PayPlatform} port: `queryOrder` is
 * `GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=…`, signed with the merchant private key
 * (`WECHATPAY2-SHA256-RSA2048`), and its answer is trusted only when the platform's signature over it verifies with
 * the key its `Wechatpay-Serial` names. `undefined` for an order the platform does not know (404); any other failure
 * throws, and the caller leaves the order as it is.
 *
 * @example
 * const platform = createWechatPayApi(settings, { now: Date.now })
 * const transaction = await platform.queryOrder('XD20250602-000001')
 */
export function createWechatPayApi(settings: PaySettings, options: WechatPayApiOptions): PayPlatform {
  const { privateKeyPem } = settings
  if (!privateKeyPem)
    throw new Error('WeChat Pay queries need the merchant private key (WECHATPAY_PRIVATE_KEY_PATH)')
  const base = (options.base ?? WECHATPAY_API_BASE).replace(/\/+$/, '')
  const send = options.fetch ?? fetch
  // Every call is signed with the merchant key; every answer is trusted only when the platform signed it.
  const call = async (method: 'GET' | 'POST', path: string, payload?: unknown) => {
    const body = payload === undefined ? '' : JSON.stringify(payload)
    const timestamp = String(Math.floor(options.now() / 1000))
    const nonceStr = nonce(16)
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${path}\n${timestamp}\n${nonceStr}\n${body}\n`)
      .sign(privateKeyPem, 'base64')
    const response = await send(`${base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
        authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${settings.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${settings.certSerial}"`,
      },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    })
    const text = await response.text()
    const serial = response.headers.get('wechatpay-serial') ?? ''
    const key = Object.hasOwn(settings.platformKeys, serial) ? settings.platformKeys[serial] : undefined
    const signed =
      key !== undefined &&
      verifyPlatformSignature(
        key,
        response.headers.get('wechatpay-timestamp') ?? '',
        response.headers.get('wechatpay-nonce') ?? '',
        text,
        response.headers.get('wechatpay-signature') ?? '',
      )
    if (!signed)
      throw new Error(`WeChat Pay's answer (HTTP ${response.status}) is not signed by a known platform key`)
    return { status: response.status, ok: response.ok, text }
  }
  return {
    async queryOrder(orderNo: string): Promise<PayTransaction | undefined> {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(settings.mchId)}`
      const answer = await call('GET', path)
      if (answer.status === 404) return undefined
      if (!answer.ok)
        throw new Error(`WeChat Pay answered HTTP ${answer.status}: ${answer.text.slice(0, 200)}`)
      return v.parse(payTransactionSchema, JSON.parse(answer.text))
    },
    // `POST /v3/pay/transactions/h5` answers `{ h5_url }`, `/native` answers `{ code_url }`.
    async startPayment(start) {
      const answer = await call('POST', `/v3/pay/transactions/${start.kind}`, {
        appid: settings.appId,
        mchid: settings.mchId,
        description: start.description,
        out_trade_no: start.orderNo,
        notify_url: settings.notifyUrl,
        amount: { total: start.amountFen, currency: 'CNY' },
        ...(start.kind === 'h5'
          ? { scene_info: { payer_client_ip: start.clientIp, h5_info: { type: 'Wap' } } }
          : {}),
      })
      if (!answer.ok)
        throw new Error(`WeChat Pay answered HTTP ${answer.status}: ${answer.text.slice(0, 200)}`)
      const parsed = JSON.parse(answer.text) as { h5_url?: unknown; code_url?: unknown }
      const url = start.kind === 'h5' ? parsed.h5_url : parsed.code_url
      if (typeof url !== 'string' || !url) throw new Error(`WeChat Pay's ${start.kind} answer has no URL`)
      return url
    },
  }
}
