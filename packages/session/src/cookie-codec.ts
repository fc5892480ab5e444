import { COOKIE_PATH } from './constants'
import { SessionError } from './session-error'

/**
 * Attributes of a cookie write. Defaults: `path` '/', `sameSite` 'Lax', `secure` true on an https page.
 * @example
 * setCookie('xdance-token', token, { maxAge: 7 * 24 * 3600 })
 */
export interface CookieOptions {
  /** Default '/', so every page sees the cookie and removal finds it. */
  path?: string
  /** Omitted: a host-only cookie. A cookie written with a domain is only removed with the same domain. */
  domain?: string
  /**
   * Lifetime in whole seconds; 0 or less removes. Neither maxAge nor expires: a cookie for the browser session. A
   * fraction, `Infinity` or `NaN` (and an `expires` that is an invalid Date) throws `INVALID_COOKIE_OPTION`.
   */
  maxAge?: number
  expires?: Date
  /** Default 'Lax'. Browsers drop a 'None' cookie that is not `secure`. */
  sameSite?: 'Lax' | 'Strict' | 'None'
  /** Default: true when the page is served over https. */
  secure?: boolean
}

// RFC 6265 token: what a cookie name may hold.
const NAME = /^[\w!#$%&'*+.^`|~-]+$/
// Anything but printable ASCII without ';': in an attribute value it would end the attribute or start another.
const UNSAFE_ATTRIBUTE = /[^ -:<-~]/
// Anything that is not an RFC 6265 cookie-octet, and '%' so that decoding gives back exactly what was written.
const UNSAFE_VALUE = /[^!#$&-+\--:<-[\]-~]/gu

/**
 * Percent-decodes each run of `%XX` sequences on its own; a run that is not valid UTF-8 stays as written, so one bad
 * sequence never hides the rest of the value.
 */
export function decodeCookieValue(value: string): string {
  // A value that decodes as a whole decodes the same run by run; trying it first spares every request (the
  // Authorization header reads two cookies per call) a regular expression and a callback per run.
  try {
    return decodeURIComponent(value)
  } catch {}
  return value.replace(/(%[\dA-F]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/**
 * The value of the first cookie called `name` in a `document.cookie` string, decoded. The first is the one with the
 * longest path, as browsers list those first. Names match verbatim; values are never JSON- or number-coerced.
 */
export function parseCookie(header: string, name: string): string | undefined {
  for (const pair of header.split(/; */)) {
    if (pair.startsWith(`${name}=`)) return decodeCookieValue(pair.slice(name.length + 1))
  }
  return undefined
}

/**
 * The string to assign to `document.cookie`. Throws SessionError for a name that is not a token, a value with no
 * UTF-8 form, or an attribute value holding ';', a control or a non-ASCII character.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions, https: boolean): string {
  const { path = COOKIE_PATH, domain, maxAge, expires, sameSite = 'Lax', secure = https } = options
  if (!NAME.test(name)) throw new SessionError('INVALID_COOKIE_NAME', name)
  // A Max-Age that is not a whole number written as digits (3600.5, Infinity, NaN, 1e21) or an Expires that is not a
  // date would be ignored by the browser, leaving a session cookie nobody asked for: refused instead. (An absent
  // domain joins the attributes as 'undefined', which holds no unsafe character.)
  if (
    UNSAFE_ATTRIBUTE.test(path + domain + sameSite) ||
    !/^-?\d+$/.test(`${maxAge ?? 0}`) ||
    Number.isNaN(+(expires ?? 0))
  ) {
    throw new SessionError('INVALID_COOKIE_OPTION', options)
  }
  let encoded: string
  try {
    encoded = value.replace(UNSAFE_VALUE, encodeURIComponent)
  } catch {
    // Not a string, or a lone surrogate.
    throw new SessionError('INVALID_COOKIE_VALUE', value)
  }
  return `${name}=${encoded}; Path=${path}${domain ? `; Domain=${domain}` : ''}${
    maxAge === undefined ? '' : `; Max-Age=${maxAge}`
  }${expires ? `; Expires=${expires.toUTCString()}` : ''}; SameSite=${sameSite}${secure ? '; Secure' : ''}`
}
