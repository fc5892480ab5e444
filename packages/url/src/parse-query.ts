import { decode } from './codec'
import type { ParsedQuery } from './types'

/**
 * Parses a query string (with or without its leading `?`) into a null-prototype record.
 * Keys and values are decoded (`+` is a space; malformed percent text is kept as written),
 * `a` alone gives `''`, and a repeated key gives an array of its values in order.
 *
 * @example
 * parseQuery('?tag=jazz&tag=hip+hop&free')
 * // { tag: ['jazz', 'hip hop'], free: '' }
 */
export function parseQuery(query: string): ParsedQuery {
  // No prototype: `__proto__` or `constructor` from a URL is stored as an ordinary key.
  const result: ParsedQuery = Object.create(null)
  for (const pair of (query[0] === '?' ? query.slice(1) : query).split('&')) {
    if (!pair) continue
    const [key, ...value] = pair.split('=')
    const name = decode(key as string)
    const old = result[name]
    const next = decode(value.join('='))
    // push, not spread: a query repeating one key 100 000 times must stay linear.
    if (Array.isArray(old)) old.push(next)
    else result[name] = old === undefined ? next : [old, next]
  }
  return result
}
