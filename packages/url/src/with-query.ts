import { decode } from './codec'
import type { QueryParams } from './types'

/**
 * Returns `url` with the given query parameters added or replaced. Only string work is done, so a relative
 * or protocol-relative URL stays as it is, the hash stays after the query, and every other existing pair is
 * kept byte for byte. Keys and values are percent-encoded (a space becomes `%20`).
 *
 * Replacing a key removes all its old occurrences and puts the new pairs where the first one was;
 * a key the URL lacks is appended. An array repeats the key (an empty array just removes it);
 * `null` and `undefined` are skipped, leaving that key as the URL has it. Empty `&&` segments are dropped.
 *
 * @example
 * withQuery('/classes?style=jazz&page=2#list', { page: 3, level: ['a', 'b'] })
 * // '/classes?style=jazz&page=3&level=a&level=b#list'
 */
export function withQuery(url: string, params: QueryParams): string {
  // The path, the query without its `?` ('' when there is none) and the hash with its `#`.
  const [, path, query, hash] = /^([^?#]*)\??([^#]*)(.*)$/s.exec(url) as unknown as [
    string,
    string,
    string,
    string,
  ]
  // key → its encoded pairs ('k=a&k=b'). A Map, not an object: a key such as `toString` read from
  // the URL must not find a prototype member.
  const fresh = new Map<string, string>()
  for (const [key, value] of Object.entries(params)) {
    // URLSearchParams encodes every character that needs it and turns a lone surrogate into U+FFFD
    // (where encodeURIComponent would throw); its `+` for a space is made `%20` for readers that skip `+`.
    // `flat` drops the holes of a sparse array and `filter` null and undefined (`map` would keep a hole, and
    // URLSearchParams throw on it): such an item adds nothing, and an array of nothing removes the key like an empty one.
    const encoded = new URLSearchParams(
      [value]
        .flat()
        .filter((item) => item != null)
        .map((item) => [key, `${item}`]),
    )
    if (value != null) fresh.set(key, `${encoded}`.replaceAll('+', '%20'))
  }
  const pairs = query.split('&').map((pair) => {
    const key = decode(pair.split('=')[0] as string)
    const next = fresh.get(key)
    if (!pair || next === undefined) return pair
    // Placed once: later occurrences of the key, and the final append, give nothing.
    fresh.set(key, '')
    return next
  })
  const search = [...pairs, ...fresh.values()].filter(Boolean).join('&')
  return path + (search && `?${search}`) + hash
}
