import { type LoginResult, RULES } from '@xdance/contract'
import {
  clearTokens,
  getInviteId,
  HEAD_COOKIE,
  removeStorage,
  setCookie,
  setOpenId,
  setOrgId,
  setUserId,
  TOKEN_COOKIE,
  USER_ID_KEY,
} from '@xdance/session'
import { sharerForSignUp } from '../lib/invitation'

/**
 * What sign-in keeps: the gateway's answer, whose `expiresAt` may be missing or unreadable (the cookies then live
 * as long as the contract says a token does, `RULES.tokenTtlMs`).
 *
 * @example
 * const session: SignIn = { head: 'Bearer ', token: 't', userId: 'u', openId: 'o', orgId: '1' }
 */
export type SignIn = Omit<LoginResult, 'expiresAt'> & { expiresAt?: string | undefined }

/**
 * Keeps what the spec says the client keeps after sign-in: the head and token cookies (path `/`),
 * and orgId, openId, userId in local storage. The cookies live as long as the gateway's token.
 *
 * @example
 * rememberSignIn(await callGateway(client, 'POST /auth/login', { body: { phone, code } }))
 */
export function rememberSignIn(result: SignIn, now = Date.now()): void {
  const expires = result.expiresAt ? Date.parse(result.expiresAt) : Number.NaN
  const lifeMs = Number.isFinite(expires) ? expires - now : RULES.tokenTtlMs
  const maxAge = Math.max(1, Math.floor(lifeMs / 1000))
  setCookie(HEAD_COOKIE, result.head, { maxAge })
  setCookie(TOKEN_COOKIE, result.token, { maxAge })
  if (result.orgId) setOrgId(result.orgId)
  if (result.openId) setOpenId(result.openId)
  if (result.userId) setUserId(result.userId)
}

/**
 * Forgets the signed-in customer: the token cookies and the userId (a signed-out visitor shares as nobody).
 * orgId and openId stay: they describe the visitor, not the session.
 *
 * @example
 * forgetSignIn()
 */
export function forgetSignIn(): void {
  clearTokens()
  removeStorage('local', USER_ID_KEY)
}

/**
 * What a sign-in sends besides the phone and code: the invite id an app-mode link stored (recorded when the sign-in
 * creates the customer), when there is one, and the sharer of the link the visitor arrived by (issue 31). The visitor's openId is not sent: the gateway binds the one this browser
 * proved through WeChat's code exchange (an httpOnly cookie it set), so reports before and after sign-in carry the
 * same one.
 *
 * @example
 * signInExtras() // { inviteId: '7' }
 */
export function signInExtras(now = Date.now()): { inviteId?: string; sharer?: string } {
  const inviteId = getInviteId()
  const sharer = sharerForSignUp(now)
  return { ...(inviteId ? { inviteId } : {}), ...(sharer ? { sharer } : {}) }
}
