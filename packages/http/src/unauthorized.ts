import { UNAUTHORIZED_AT_KEY, UNAUTHORIZED_WINDOW } from './constants'
import { session } from './session'

/**
 * The default unauthorised handler: removes the token cookies, then reloads the page.
 * @example
 * runUnauthorizedOnce(options.onUnauthorized ?? clearTokensAndReload)
 */
export function clearTokensAndReload(): void {
  session.clearTokens()
  // The one browser object this package touches itself; tests stub the global (vi.stubGlobal).
  location.reload()
}

/**
 * Runs `handler` unless it ran less than UNAUTHORIZED_WINDOW ago in this tab. The time is kept in session storage (or
 * the session package's in-memory fallback), so it survives the reload the handler causes; JavaScript runs one
 * callback at a time, so a storm of failing calls sees the first one's mark and stays quiet.
 * @example
 * runUnauthorizedOnce(clearTokensAndReload)
 */
export function runUnauthorizedOnce(handler: () => void): void {
  const now = Date.now()
  const last = +(session.readStorage('session', UNAUTHORIZED_AT_KEY) as string)
  // A mark from the future (clock set back) does not count.
  if (now >= last && now - last < UNAUTHORIZED_WINDOW) return
  session.writeStorage('session', UNAUTHORIZED_AT_KEY, `${now}`)
  handler()
}
