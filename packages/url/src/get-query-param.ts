import { parseQuery } from './parse-query'
import { splitOnce } from './split-once'

/**
 * Reads the first value of one query parameter, decoded (`+` is a space). The search part is read first,
 * then a query inside the hash, as hash-router share links carry it (`https://x/#/page?id=7`).
 * Works on absolute and relative URLs alike, and never throws.
 *
 * @returns the value; `''` for a bare `?name`; `null` when the name is absent.
 * A malformed percent sequence is returned exactly as written.
 * @example
 * getQueryParam('https://xdance.example/#/marketing/article?id=42&sharer=u7', 'id') // '42'
 * getQueryParam('/classes?style=hip+hop', 'style') // 'hip hop'
 * getQueryParam('/classes?style=jazz', 'level') // null
 */
export function getQueryParam(url: string, name: string): string | null {
  // [before the hash, the hash]: each may hold a `?query`; a later `#` inside the hash ends the hash's query.
  for (const part of splitOnce(url, '#')) {
    const value = parseQuery(splitOnce(splitOnce(part, '?')[1], '#')[0])[name]
    if (value !== undefined) return ([] as string[]).concat(value)[0] as string
  }
  return null
}
