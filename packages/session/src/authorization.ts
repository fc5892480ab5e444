import { APP_TOKEN_COOKIE, HEAD_COOKIE, type Mode, TOKEN_COOKIE } from './constants'
import { getCookie, removeCookie } from './cookies'

/**
 * The Authorization header: the head cookie followed directly by the mode's token cookie (web: `xdance-token`,
 * app: `app-token`). `undefined` unless both are there and non-empty.
 * @example
 * getAuthorization('web') // 'Bearer abc123'
 */
export function getAuthorization(mode: Mode): string | undefined {
  const head = getCookie(HEAD_COOKIE)
  const token = getCookie(mode === 'app' ? APP_TOKEN_COOKIE : TOKEN_COOKIE)
  return head && token ? head + token : undefined
}

/**
 * Logged in when both the head cookie and the mode's token cookie exist.
 * @example
 * if (!isLoggedIn('web')) location.assign('/login')
 */
export const isLoggedIn = (mode: Mode): boolean => !!getAuthorization(mode)

/**
 * Removes both token cookies (`xdance-token` and `app-token`, path '/'); the head cookie stays.
 * @example
 * clearTokens()
 */
export function clearTokens(): void {
  removeCookie(TOKEN_COOKIE)
  removeCookie(APP_TOKEN_COOKIE)
}
