import { browser } from './browser'
import { type CookieOptions, parseCookie, serializeCookie } from './cookie-codec'

/**
 * The value of a cookie, verbatim as a string (percent sequences decoded, nothing else), or `undefined` when it is
 * missing or cookies cannot be read. Never throws.
 * @example
 * getCookie('xdance-head') // 'Bearer '
 */
export function getCookie(name: string): string | undefined {
  try {
    // biome-ignore lint/style/noNonNullAssertion: a missing document throws here and reads as "no cookie"
    return parseCookie(browser('document')!.cookie, name)
  } catch {
    // undefined: no cookie
  }
}

/**
 * Writes a cookie with `Path=/`, `SameSite=Lax` and, on https, `Secure` unless told otherwise. The value is stored so
 * that it reads back verbatim (characters a cookie cannot hold are percent-encoded).
 * Returns false when there is no document or the browser refuses cookie access (a sandboxed frame).
 * Throws SessionError for an invalid name, value or option.
 * @example
 * setCookie('xdance-token', 'abc123', { maxAge: 7 * 24 * 3600 }) // true
 */
export function setCookie(name: string, value: string, options: CookieOptions = {}): boolean {
  // A local name: `?.` on it builds for the floor without a temporary.
  const location = browser('location')
  const line = serializeCookie(name, value, options, location?.protocol === 'https:')
  try {
    // biome-ignore lint/style/noNonNullAssertion: a missing document throws here and reports failure
    browser('document')!.cookie = line
    return true
  } catch {
    return false
  }
}

/**
 * Removes a cookie. Give the same path (default '/') and domain it was written with, or the browser keeps it.
 * @example
 * removeCookie('xdance-token') // true
 */
export function removeCookie(name: string, options: Pick<CookieOptions, 'path' | 'domain'> = {}): boolean {
  return setCookie(name, '', { ...options, maxAge: 0 })
}
