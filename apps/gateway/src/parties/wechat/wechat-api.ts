import { GatewayServerError } from '../../core/gateway-server-error'
import type { WechatApi } from './wechat-port'

interface RealOptions {
  appId: string
  appSecret: string
  /** `https://api.weixin.qq.com`, or a local stand-in in tests. */
  apiBase: string
  /** The clock seam: epoch milliseconds. */
  now(): number
  /** Per-call timeout. Default 5 s. */
  timeoutMs?: number
}

// Renew tokens and tickets this long before WeChat says they expire (both live 7,200 s).
const EARLY_MS = 5 * 60_000

/**
 * The real WeChat server API: `GET /sns/oauth2/access_token` (code exchange), `GET /cgi-bin/token` (the account's
 * access token) and `GET /cgi-bin/ticket/getticket?type=jsapi`, the token and ticket cached in memory.
 * Failures (an `errcode`, a non-JSON answer, a timeout) throw a `GatewayServerError` of kind `upstream`, except a
 * refused code, which is `undefined`.
 *
 * @example
 * ```ts
 * const api = createWechatApi({ appId, appSecret, apiBase: 'https://api.weixin.qq.com', now: Date.now })
 * ```
 */
export function createWechatApi(options: RealOptions): WechatApi {
  const { appId, appSecret, apiBase, now } = options
  const timeoutMs = options.timeoutMs ?? 5_000
  let token: { value: string; until: number } | undefined
  let ticket: { value: string; until: number } | undefined

  const call = async (path: string, query: Record<string, string>): Promise<Record<string, unknown>> => {
    const url = `${apiBase.replace(/\/+$/, '')}${path}?${new URLSearchParams(query)}`
    let body: unknown
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
      body = await response.json()
    } catch (error) {
      throw new GatewayServerError(
        'upstream',
        'WECHAT_UNREACHABLE',
        `WeChat ${path} failed: ${String(error)}`,
        {
          cause: error,
        },
      )
    }
    if (typeof body !== 'object' || body === null) {
      throw new GatewayServerError('upstream', 'WECHAT_BAD_ANSWER', `WeChat ${path} answered no JSON object.`)
    }
    return body as Record<string, unknown>
  }
  const expiry = (answer: Record<string, unknown>) =>
    now() + (typeof answer.expires_in === 'number' ? answer.expires_in * 1000 : 7_200_000) - EARLY_MS
  const refused = (path: string, answer: Record<string, unknown>) =>
    new GatewayServerError(
      'upstream',
      'WECHAT_REFUSED',
      `WeChat ${path} refused: ${String(answer.errcode)} ${String(answer.errmsg ?? '')}`,
    )

  const accessToken = async (): Promise<string> => {
    if (token && token.until > now()) return token.value
    const answer = await call('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: appId,
      secret: appSecret,
    })
    if (typeof answer.access_token !== 'string') throw refused('/cgi-bin/token', answer)
    token = { value: answer.access_token, until: expiry(answer) }
    return token.value
  }

  return {
    async exchangeCode(code) {
      const answer = await call('/sns/oauth2/access_token', {
        appid: appId,
        secret: appSecret,
        code,
        grant_type: 'authorization_code',
      })
      if (typeof answer.openid === 'string' && answer.openid !== '') return answer.openid
      // 40029 invalid code, 40163 code used: the visitor's code, not the gateway, is at fault.
      if (answer.errcode === 40029 || answer.errcode === 40163) return undefined
      throw refused('/sns/oauth2/access_token', answer)
    },
    async jsapiTicket() {
      if (ticket && ticket.until > now()) return ticket.value
      const answer = await call('/cgi-bin/ticket/getticket', {
        access_token: await accessToken(),
        type: 'jsapi',
      })
      if (typeof answer.ticket !== 'string' || answer.ticket === '') {
        // A revoked token: forget it, so the next call fetches a new one.
        token = undefined
        throw refused('/cgi-bin/ticket/getticket', answer)
      }
      ticket = { value: answer.ticket, until: expiry(answer) }
      return ticket.value
    },
  }
}
