import { createHash, randomBytes } from 'node:crypto'
import type { GatewayContext } from '../../core/context'
import type { WechatApi } from '../../parties/wechat/wechat-port'
import { DEMO_WECHAT } from './wechat-account'

/** How long an emulated authorisation code may wait for its exchange (WeChat's: 5 minutes). */
export const DEMO_CODE_TTL_MS = 5 * 60_000

/**
 * The stable fake openId of a demo visitor (the emulated authorise page knows a visitor by a cookie, as WeChat knows
 * its logged-in user): the same visitor always gets the same openId, two visitors never share one.
 *
 * @example
 * ```ts
 * demoOpenId('visitor-1') // 'oDemo…' (28 characters, always the same for 'visitor-1')
 * ```
 */
export function demoOpenId(visitor: string): string {
  return `oDemo${createHash('sha256').update(`xdance-demo-visitor:${visitor}`).digest('base64url').slice(0, 23)}`
}

/**
 * Issues a one-time code for `openId`, as WeChat's authorise page does before it redirects back (expired codes are
 * swept at the same time).
 */
export function issueDemoCode(ctx: GatewayContext, openId: string): string {
  const now = ctx.now()
  const code = randomBytes(16).toString('hex')
  ctx.db.transaction(() => {
    ctx.db.run('DELETE FROM wechat_demo_codes WHERE expires_at <= ?', now)
    ctx.db.run(
      'INSERT INTO wechat_demo_codes (code, open_id, expires_at) VALUES (?, ?, ?)',
      code,
      openId,
      now + DEMO_CODE_TTL_MS,
    )
  })
  return code
}

/**
 * Demo mode's WeChat server: a code issued by the emulated authorise page is exchanged once, before it expires; the
 * `jsapi_ticket` is a fixed demo ticket (the signature over it is the real algorithm).
 *
 * @example
 * ```ts
 * const api = createDemoWechatApi(ctx)
 * await api.exchangeCode(issueDemoCode(ctx, demoOpenId('v'))) // demoOpenId('v')
 * ```
 */
export function createDemoWechatApi(ctx: GatewayContext): WechatApi {
  return {
    async exchangeCode(code) {
      return ctx.db.transaction(() => {
        const row = ctx.db.get<{ open_id: string; expires_at: number }>(
          'SELECT open_id, expires_at FROM wechat_demo_codes WHERE code = ?',
          code,
        )
        if (!row) return undefined
        ctx.db.run('DELETE FROM wechat_demo_codes WHERE code = ?', code)
        return row.expires_at > ctx.now() ? row.open_id : undefined
      })
    },
    async jsapiTicket() {
      return DEMO_WECHAT.ticket
    },
  }
}
