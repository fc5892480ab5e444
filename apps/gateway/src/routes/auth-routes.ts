import { deleteCookie, getCookie } from 'hono/cookie'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { clientAddress } from '../limits/client-address'
import type { Messages } from '../parties/messages/messages-port'
import { login, logout, sendSmsCode } from '../services/auth'
import { recordConsent, requireConsent } from '../services/consent'
import { provenOpenId, WECHAT_PROOF_COOKIE } from '../services/wechat-identity'
import { endpointRoutes } from './endpoint-route'
import type { Api } from './gateway-env'

/** Sign-in with a one-time code (sent by the messages party's SMS), and sign-out. */
export function mountAuthRoutes(api: Api, ctx: GatewayContext, messages: Messages): void {
  const on = endpointRoutes(api, ctx)

  on('POST /auth/sms', ({ body: { phone, consent } }, c) => {
    // No code without consent to the terms and privacy policy of the day (issue 21), recorded once it is sent.
    const version = requireConsent(consent)
    const address = clientAddress(c, ctx.trustProxy)
    const answer = sendSmsCode(ctx, messages, phone, address)
    recordConsent(ctx, phone, version, address)
    return answer
  })

  on('POST /auth/login', ({ body: { phone, code, inviteId, sharer } }, c) => {
    // The openId to bind comes from the proof WeChat's code exchange left in this browser, never from the body.
    const proven = provenOpenId(ctx, getCookie(c, WECHAT_PROOF_COOKIE))
    const answer = login(ctx, phone, code, clientAddress(c, ctx.trustProxy), {
      provenOpenId: proven,
      inviteId,
      sharer,
    })
    if (proven) deleteCookie(c, WECHAT_PROOF_COOKIE, { path: ctx.prefix })
    return answer
  })

  // Signing out is `optional` in the contract (any client may call it), but only a live token can be revoked.
  on('POST /auth/logout', ({ token }) => {
    if (token === null) throw new Refusal('UNAUTHORIZED')
    logout(ctx, token)
    return null
  })
}
