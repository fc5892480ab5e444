import { describe, expect, test } from 'vitest'
import type { QueryParams } from './types'
import { withQuery } from './with-query'

// [behaviour, url, params, expected]
const rows: [string, string, QueryParams, string][] = [
  // adding and replacing
  ['adds a query to a URL without one', '/a', { x: 1 }, '/a?x=1'],
  ['appends a new key after the existing pairs', '/a?b=2', { x: 1 }, '/a?b=2&x=1'],
  ['replaces a key in place', '/a?x=0&b=2', { x: 1 }, '/a?x=1&b=2'],
  [
    'removes every old occurrence and puts the new value where the first was',
    '/a?x=0&b=2&x=9',
    { x: 1 },
    '/a?x=1&b=2',
  ],
  ['puts an array where the first occurrence was', '/a?x=0&b=2&x=9', { x: [1, 2] }, '/a?x=1&x=2&b=2'],
  ['repeats the key for an array', '/a', { t: ['a', 'b'] }, '/a?t=a&t=b'],
  ['removes a key given an empty array', '/a?x=1&b=2&x=3', { x: [] }, '/a?b=2'],
  // a sparse array, or null and undefined inside an array: the item adds nothing (never "null", never a throw)
  // biome-ignore lint/suspicious/noSparseArray: the hole is the case under test
  ['skips the hole of a sparse array', '/x', { t: [, 'a'] }, '/x?t=a'],
  ['skips null and undefined inside an array', '/x', { t: [null, 'a', undefined, 'b'] }, '/x?t=a&t=b'],
  ['removes a key whose array holds only null', '/x?t=1&b=2', { t: [null] }, '/x?b=2'],
  // biome-ignore lint/suspicious/noSparseArray: the holes are the case under test
  ['removes a key whose array is all holes', '/x?t=1', { t: [, ,] }, '/x'],
  ['drops the ? when the last key is removed', '/a?x=1#h', { x: [] }, '/a#h'],
  ['replaces a bare key', '/a?flag&b=1', { flag: 1 }, '/a?flag=1&b=1'],
  ['adds several keys in the order given', '/a', { b: 2, a: 1 }, '/a?b=2&a=1'],
  // skipping
  [
    'skips null and undefined and keeps those keys as they were',
    '/a?x=1',
    { x: null, y: undefined },
    '/a?x=1',
  ],
  ['returns a URL unchanged given no params', 'https://x.example/a?b=2#c', {}, 'https://x.example/a?b=2#c'],
  ['drops empty && segments', '/a?&&b=2&', {}, '/a?b=2'],
  ['drops a lone ?', '/a?', {}, '/a'],
  ['ignores inherited properties of params', '/a', Object.create({ inherited: 1 }), '/a'],
  // existing pairs are kept byte for byte
  [
    'keeps other pairs byte for byte',
    '/a?q=hip+hop&r=%7e&s=%zz&t&u=',
    { v: 1 },
    '/a?q=hip+hop&r=%7e&s=%zz&t&u=&v=1',
  ],
  ['keeps raw unicode in other pairs', '/a?n=舞蹈', { v: 1 }, '/a?n=舞蹈&v=1'],
  [
    'matches an existing key written encoded or with +',
    '/a?a%20b=1&first+name=x',
    { 'a b': 2, 'first name': 'y' },
    '/a?a%20b=2&first%20name=y',
  ],
  ['matches an existing key with a malformed % as written', '/a?%zz=1', { '%zz': 2 }, '/a?%25zz=2'],
  [
    'leaves prototype names in the URL alone',
    '/a?toString=1&constructor=2&__proto__=3',
    { a: 1 },
    '/a?toString=1&constructor=2&__proto__=3&a=1',
  ],
  [
    'replaces __proto__ as an ordinary key',
    '/a?__proto__=y',
    JSON.parse('{"__proto__":"x"}'),
    '/a?__proto__=x',
  ],
  // the hash
  [
    'keeps the hash after the query',
    'https://x.example/p?a=1#/route?id=7',
    { b: 2 },
    'https://x.example/p?a=1&b=2#/route?id=7',
  ],
  ['keeps an empty hash', 'https://x.example/p#', { a: 1 }, 'https://x.example/p?a=1#'],
  ['adds to the search part, not to a hash-router query', '/p#/r?id=7', { id: 8 }, '/p?id=8#/r?id=7'],
  // encoding
  ['encodes a space as %20', '/a', { q: 'hip hop' }, '/a?q=hip%20hop'],
  ['encodes a plus sign', '/a', { q: '1+1' }, '/a?q=1%2B1'],
  [
    'encodes the characters that would break the query',
    '/a',
    { r: 'a&b=c#d?e%' },
    '/a?r=a%26b%3Dc%23d%3Fe%25',
  ],
  ['encodes keys', '/a', { 'a b&c=': 'x' }, '/a?a%20b%26c%3D=x'],
  ['encodes unicode as UTF-8', '/a', { n: '舞蹈' }, '/a?n=%E8%88%9E%E8%B9%88'],
  ['encodes a four-byte emoji', '/a', { e: '💃' }, '/a?e=%F0%9F%92%83'],
  ['writes a lone surrogate as U+FFFD instead of throwing', '/a', { s: '\uD800x' }, '/a?s=%EF%BF%BDx'],
  [
    'writes numbers and booleans as strings',
    '/a',
    { n: 0, m: -1.5, t: true, f: false },
    '/a?n=0&m=-1.5&t=true&f=false',
  ],
  ['writes an empty string as an empty value', '/a', { e: '' }, '/a?e='],
  // relative and protocol-relative URLs stay as they are
  ['keeps a path-relative URL relative', 'classes?x=1', { x: 2 }, 'classes?x=2'],
  [
    'keeps a protocol-relative URL protocol-relative',
    '//cdn.x.example/a.js?v=1',
    { v: 2 },
    '//cdn.x.example/a.js?v=2',
  ],
  ['works on a bare query', '?a=1', { b: 2 }, '?a=1&b=2'],
  ['works on an empty string', '', { a: 1 }, '?a=1'],
  ['works on a bare hash', '#top', { a: 1 }, '?a=1#top'],
  [
    'keeps credentials and port of an absolute URL',
    'https://u:p@x.example:8080/p?a=1',
    { a: 2 },
    'https://u:p@x.example:8080/p?a=2',
  ],
]

describe('withQuery', () => {
  test.each(rows)('%s', (_, url, params, expected) => {
    expect(withQuery(url, params)).toBe(expected)
  })
})
