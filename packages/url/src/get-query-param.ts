import { decode } from './codec'

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
  // Before the first `#`, then up to the next `#`: the search part, then a hash router's path and query. In each,
  // what follows the first `?` ('' without one). Reads pairs until the first match rather than parsing the whole
  // query (parseQuery's rules, fewer bytes).
  for (const part of url.split('#').slice(0, 2)) {
    for (const pair of part.slice(part.indexOf('?') + 1 || part.length).split('&')) {
      // A value keeps every `=` after the first.
      const [key, ...value] = pair.split('=')
      if (pair && decode(key as string) === name) return decode(value.join('='))
    }
  }
  return null
}
