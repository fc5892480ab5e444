import type { Mode } from '@xdance/session'
import { refused } from './errors'
import { session } from './session'

// What fetch can put in a header value (Latin-1 without control characters). A cookie holding `%0A` or `%E4%B8%AD`
// decodes to something outside it, and fetch would only say "TypeError: invalid header value".
const SENDABLE = /^[\t -~\x80-\xff]*$/

/**
 * The Authorization value for `mode` (both cookies present), or `undefined`.
 * Throws GatewayRequestError `INVALID_HEADER` naming the cookie that cannot be sent in a header.
 * @example
 * authorization('web') // 'Bearer abc123'
 */
export function authorization(mode: Mode): string | undefined {
  const value = session.getAuthorization(mode)
  // The value is the two cookies joined, so one test covers both on every call; only a bad value (rare) pays
  // for reading them again to name the culprit.
  const cookie =
    value &&
    !SENDABLE.test(value) &&
    [session.HEAD_COOKIE, mode === 'app' ? session.APP_TOKEN_COOKIE : session.TOKEN_COOKIE].find(
      (name) => !SENDABLE.test(session.getCookie(name) as string),
    )
  if (cookie) {
    throw refused('INVALID_HEADER', cookie, { cookie })
  }
  return value
}
