import { decode } from './codec'
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
  // Reads pairs until the first match rather than parsing the whole query (parseQuery's rules, fewer bytes).
  for (const part of splitOnce(url, '#')) {
    for (const pair of splitOnce(splitOnce(part, '?')[1], '#')[0].slice(1).split('&')) {
      const [key, value] = splitOnce(pair, '=')
      if (pair && decode(key) === name) return decode(value.slice(1))
    }
  }
  return null
}
