import { parseQuery } from './parse-query'
import type { ParsedUrl } from './types'

/**
 * Parses a URL with the platform's `URL` and adds its search part parsed into `query`.
 * A relative URL resolves against `base`, else against the page's `location.href` (read at call time,
 * so importing this module touches no global). Returns `null`, never throws, when it cannot be parsed.
 *
 * @example
 * parseUrl('/classes?style=jazz&style=tap#top', 'https://xdance.example/app/')
 * // { href: 'https://xdance.example/classes?style=jazz&style=tap#top', origin: 'https://xdance.example',
 * //   pathname: '/classes', search: '?style=jazz&style=tap', hash: '#top', query: { style: ['jazz', 'tap'] }, … }
 * parseUrl('not a url') // null outside a browser page (no location to resolve against)
 */
export function parseUrl(url: string, base?: string): ParsedUrl | null {
  // Destructured first: `?.` on a plain name builds for the floor without a temporary, and minifies back to `?.`.
  const { location } = globalThis
  let parsed: URL
  try {
    parsed = new URL(url, base ?? location?.href)
  } catch {
    return null
  }
  const result = {} as ParsedUrl
  // Split here, not at import: a top-level call is work at import time, and a bundler keeps it even where
  // parseUrl is not used.
  for (const part of 'href origin protocol host hostname port pathname search hash'.split(' ') as (keyof URL &
    keyof ParsedUrl)[])
    result[part] = parsed[part] as string
  result.query = parseQuery(parsed.search)
  return result
}
