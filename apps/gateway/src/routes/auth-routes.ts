import { sValidator } from '@hono/standard-validator'
import { ENDPOINTS } from '@xdance/contract/schemas'
import { deleteCookie, getCookie } from 'hono/cookie'
import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { Refusal } from '../gateway-server-error'
import { clientAddress } from '../limits/client-address'
import { auth } from '../middleware/auth'
import { refuseInvalid } from '../middleware/validate'
import { login, logout, sendSmsCode } from '../services/auth'
import { recordConsent, requireConsent } from '../services/consent'
import { provenOpenId, WECHAT_PROOF_COOKIE } from '../services/wechat-identity'
import type { Api } from './gateway-env'

const { sendSmsCode: sms, login: signIn, logout: signOut } = ENDPOINTS

/** Sign-in with a one-time code, and sign-out. */
export function mountAuthRoutes(api: Api, ctx: GatewayContext): void {
  api.on(sms.method, sms.path, auth(ctx, sms.auth), sValidator('json', sms.body, refuseInvalid), (c) => {
    const { phone, consent } = c.req.valid('json')
    // No code without consent to the terms and privacy policy of the day (issue 21), recorded once it is sent.
    const version = requireConsent(consent)
    const address = clientAddress(c, ctx.trustProxy)
    const answer = sendSmsCode(ctx, phone, address)
    recordConsent(ctx, phone, version, address)
    return c.json(ok(answer))
  })

  api.on(
    signIn.method,
    signIn.path,
    auth(ctx, signIn.auth),
    sValidator('json', signIn.body, refuseInvalid),
    (c) => {
      const { phone, code, inviteId } = c.req.valid('json')
      // The openId to bind comes from the proof WeChat's code exchange left in this browser, never from the body.
      const proven = provenOpenId(ctx, getCookie(c, WECHAT_PROOF_COOKIE))
      const answer = login(ctx, phone, code, clientAddress(c, ctx.trustProxy), {
        provenOpenId: proven,
        inviteId,
      })
      if (proven) deleteCookie(c, WECHAT_PROOF_COOKIE, { path: ctx.prefix })
      return c.json(ok(answer))
    },
  )

  // Signing out is `optional` in the contract (any client may call it), but only a live token can be revoked.
  api.on(signOut.method, signOut.path, auth(ctx, signOut.auth), (c) => {
    const token = c.get('token')
    if (token === null) throw new Refusal('UNAUTHORIZED')
    logout(ctx, token)
    return c.json(ok(null))
  })
}
