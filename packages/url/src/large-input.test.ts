import { describe, expect, test } from 'vitest'
import { getQueryParam } from './get-query-param'
import { parseQuery } from './parse-query'
import { parseUrl } from './parse-url'
import { withQuery } from './with-query'

// Untrusted URLs can be huge. Every row works on about 1 MB; a quadratic step or a backtracking regex
// would blow the default test timeout by orders of magnitude. The speed itself is printed by `pnpm bench`.
const MB = 1 << 20
const bigValue = 'x'.repeat(MB)
const manyPairs = Array.from({ length: 100_000 }, (_, i) => `k${i}=v${i}`).join('&') // ~1.3 MB
const repeatedKey = 'a=1&'.repeat(MB / 4) // 262 144 occurrences of one key

const rows: [string, () => void][] = [
  [
    'getQueryParam returns a 1 MB value whole',
    () => {
      expect(getQueryParam(`https://x.example/?v=${bigValue}`, 'v')).toBe(bigValue)
    },
  ],
  [
    'getQueryParam finds the last of 100 000 pairs',
    () => {
      expect(getQueryParam(`/p?${manyPairs}`, 'k99999')).toBe('v99999')
    },
  ],
  [
    'getQueryParam returns 1 MB of malformed % text as written',
    () => {
      const malformed = '%'.repeat(MB)
      expect(getQueryParam(`/p?m=${malformed}`, 'm')).toBe(malformed)
    },
  ],
  [
    'getQueryParam decodes 1 MB of + and %20',
    () => {
      expect(getQueryParam(`/p?s=${'+%20'.repeat(MB / 4)}`, 's')).toBe(' '.repeat(MB / 2))
    },
  ],
  [
    'getQueryParam reads a hash-router query after a 1 MB search',
    () => {
      expect(getQueryParam(`/p?${manyPairs}#/page?id=7`, 'id')).toBe('7')
    },
  ],
  [
    'parseQuery collects 262 144 repeats of one key',
    () => {
      const values = parseQuery(repeatedKey).a
      expect(Array.isArray(values) && values.length).toBe(MB / 4)
    },
  ],
  [
    'parseUrl parses a 1 MB URL',
    () => {
      expect(parseUrl(`https://x.example/?${manyPairs}`)?.query.k99999).toBe('v99999')
    },
  ],
  [
    'withQuery replaces a key repeated 262 144 times',
    () => {
      expect(withQuery(`/p?${repeatedKey}b=2`, { a: 9 })).toBe('/p?a=9&b=2')
    },
  ],
  [
    'withQuery keeps 100 000 other pairs byte for byte',
    () => {
      expect(withQuery(`/p?${manyPairs}`, { z: 1 })).toBe(`/p?${manyPairs}&z=1`)
    },
  ],
  [
    'withQuery writes an array of 200 000 values',
    () => {
      const result = withQuery('/p', { a: Array.from({ length: 200_000 }, () => 1) })
      expect(result.length).toBe('/p?'.length + 200_000 * 4 - 1)
    },
  ],
]

describe('very long inputs', () => {
  test.each(rows)('%s', (_, run) => run())
})
