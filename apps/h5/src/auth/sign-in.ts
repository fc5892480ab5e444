import {
  clearTokens,
  HEAD_COOKIE,
  isLoggedIn,
  removeStorage,
  setCookie,
  setOpenId,
  setOrgId,
  setUserId,
  TOKEN_COOKIE,
  USER_ID_KEY,
} from '@xdance/session'
import { data, replace } from 'react-router'
import type { LoginResult } from '../api/types'
import { services } from '../app/services'
import { sanitizeRedirect } from './safe-redirect'

const SECONDS_PER_DAY = 24 * 60 * 60
/** Cookie lifetime when the gateway does not say when the token expires. */
const DEFAULT_MAX_AGE = 7 * SECONDS_PER_DAY

/**
 * Keeps what the spec says the client keeps after sign-in: the head and token cookies (path `/`),
 * and orgId, openId, userId in local storage. The cookies live as long as the gateway's token.
 *
 * @example
 * rememberSignIn(await login(client, phone, code))
 */
export function rememberSignIn(result: LoginResult, now = Date.now()): void {
  const expires = result.expiresAt ? Date.parse(result.expiresAt) : Number.NaN
  const maxAge = Number.isFinite(expires) ? Math.max(1, Math.floor((expires - now) / 1000)) : DEFAULT_MAX_AGE
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
 * The sign-in page for a return path: `/login?redirect=<path>`.
 *
 * @example
 * loginPath('/bookings?tab=past') // '/login?redirect=%2Fbookings%3Ftab%3Dpast'
 */
export function loginPath(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(sanitizeRedirect(returnTo))}`
}

/**
 * Loader guard for pages that need a signed-in customer. In web mode a signed-out visitor is sent to sign in and
 * back (the sign-in page replaces the gated page in history); in app mode there is no sign-in screen (the native app owns the session), so the page shows the
 * error boundary's "sign in in the app" message instead.
 *
 * @example
 * export async function loader({ request }: LoaderFunctionArgs) {
 *   requireSignIn(request)
 *   ...
 * }
 */
export function requireSignIn(request: Request): void {
  const { mode } = services()
  if (isLoggedIn(mode)) return
  if (mode === 'app') throw data(null, { status: 401 })
  const url = new URL(request.url)
  // A replace, not a push: the gated page must not stay in history behind /login, or the browser's back from
  // /login would land on it and be sent straight back to /login.
  throw replace(loginPath(`${url.pathname}${url.search}`))
}
