import { describe, expect, test } from 'vitest'
import { parseQuery } from './parse-query'

// [behaviour, query, expected entries]
const rows: [string, string, Record<string, string | string[]>][] = [
  ['gives an empty record for an empty string', '', {}],
  ['gives an empty record for a lone ?', '?', {}],
  ['reads pairs without a leading ?', 'a=1&b=2', { a: '1', b: '2' }],
  ['strips one leading ?', '?a=1', { a: '1' }],
  ['keeps a second leading ? in the key', '??a=1', { '?a': '1' }],
  ['collects a repeated key into an array in order', 'a=1&b=0&a=2&a=3', { a: ['1', '2', '3'], b: '0' }],
  ['gives empty strings for bare and empty values', 'a&b=', { a: '', b: '' }],
  ['skips empty segments', '&&a=1&', { a: '1' }],
  [
    'stores prototype names as own keys',
    '__proto__=x&constructor=y&toString=z',
    // JSON.parse: in an object literal `__proto__: 'x'` would set the prototype, not a key.
    JSON.parse('{"__proto__":"x","constructor":"y","toString":"z"}'),
  ],
  [
    'decodes what it can and keeps malformed text as written',
    'q=%zz&r=%41&s=a+b',
    { q: '%zz', r: 'A', s: 'a b' },
  ],
  ['decodes keys before grouping them', 'a+b=1&a%20b=2', { 'a b': ['1', '2'] }],
]

describe('parseQuery', () => {
  test.each(rows)('%s', (_, query, expected) => {
    const result = parseQuery(query)
    expect(Object.getPrototypeOf(result)).toBe(null)
    expect(Object.entries(result)).toEqual(Object.entries(expected))
  })
})
