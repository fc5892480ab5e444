/** Where a sign-in goes back to when the requested target is missing or not a path of this app. */
export const DEFAULT_REDIRECT = '/'

const MAX_LENGTH = 2048
// A base no real page has: if a value resolves to any other origin, it left the app.
const PROBE_ORIGIN = 'http://app.invalid'

/**
 * Turns an untrusted `redirect` value into a path of this app, or the fallback.
 *
 * Accepted: a value that starts with exactly one `/` (not `//`, not `/\`), with no control characters or
 * whitespace (browsers strip tabs and newlines from URLs, so `/\t/evil.com` would become `//evil.com`),
 * that still starts that way after percent-decoding, and that resolves to the app's own origin.
 * The result is the normalised path + search + hash, judged again after normalisation (dot segments can turn
 * `/..//host` into `//host`): it too must start with exactly one `/`, decoded or not, and hold no backslash.
 * The sign-in page itself maps to the fallback (no loop).
 *
 * @example
 * sanitizeRedirect('/bookings?tab=past') // '/bookings?tab=past'
 * sanitizeRedirect('//evil.example')     // '/'
 * sanitizeRedirect('https://evil.example/') // '/'
 */
export function sanitizeRedirect(
  value: string | null | undefined,
  fallback: string = DEFAULT_REDIRECT,
): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return fallback
  if (!isSinglySlashed(value)) return fallback
  // Control characters and whitespace are never part of a path we link to.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(value)) return fallback
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return fallback
  }
  if (!isSinglySlashed(decoded)) return fallback
  let url: URL
  try {
    url = new URL(value, `${PROBE_ORIGIN}/`)
  } catch {
    return fallback
  }
  if (url.origin !== PROBE_ORIGIN) return fallback
  // Judge what is returned, not what came in: normalisation turns `/..//evil.example`, `/.//evil.example` and
  // `/%2e%2e//evil.example` into the path `//evil.example`, which a navigation reads as another origin.
  const target = `${url.pathname}${url.search}${url.hash}`
  const decodedPath = safeDecode(url.pathname)
  if (!isSinglySlashed(target) || !isSinglySlashed(decodedPath) || `${target}${decodedPath}`.includes('\\')) {
    return fallback
  }
  if (url.pathname === '/login') return fallback
  return target
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return '//'
  }
}

function isSinglySlashed(value: string): boolean {
  return value.startsWith('/') && value[1] !== '/' && value[1] !== '\\'
}
