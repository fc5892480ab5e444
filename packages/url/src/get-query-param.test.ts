import { describe, expect, test } from 'vitest'
import { getQueryParam } from './get-query-param'

// [behaviour, url, name, expected]: one row per edge case, so a new bug becomes one new row.
const rows: [string, string, string, string | null][] = [
  // reading the search part
  ['reads a value from the search part', 'https://x.example/?a=1', 'a', '1'],
  ['returns the first value of a repeated key', 'https://x.example/?a=1&a=2', 'a', '1'],
  ['gives an empty string for a bare name', 'https://x.example/?a', 'a', ''],
  ['gives an empty string for a name with an empty value', 'https://x.example/?a=&b=2', 'a', ''],
  ['gives null for a missing name', 'https://x.example/?a=1', 'b', null],
  ['gives null for a URL without a query', 'https://x.example/path', 'a', null],
  ['gives null for an empty URL', '', 'a', null],
  ['keeps everything after the first = in the value', '?t=a=b=c', 't', 'a=b=c'],
  ['matches names case-sensitively', '?ID=1', 'id', null],
  ['skips empty && segments', '?&&a=1&&', 'a', '1'],
  ['does not treat ; as a separator', '?a=1;b=2', 'a', '1;b=2'],
  ['keeps spaces around a value', '?q=%20x%20', 'q', ' x '],
  ['reads a value before an empty hash', '?a=1#', 'a', '1'],
  ['reads an empty name', '?=v', '', 'v'],
  ['gives null for an empty name that is absent', '?a=1', '', null],
  // decoding
  ['decodes + as a space', '?q=hip+hop', 'q', 'hip hop'],
  ['decodes %20 as a space', '?q=hip%20hop', 'q', 'hip hop'],
  ['decodes %2B as a plus sign', '?q=1%2B1', 'q', '1+1'],
  ['decodes lower-case percent sequences', '?q=%7e%2f', 'q', '~/'],
  ['returns a value with a trailing % exactly as written', '?q=100%', 'q', '100%'],
  ['returns a value with a malformed % exactly as written, + included', '?q=50%+off', 'q', '50%+off'],
  ['returns a value with a non-hex % exactly as written', '?q=%zz', 'q', '%zz'],
  ['returns a truncated UTF-8 sequence exactly as written', '?q=%E4%BD', 'q', '%E4%BD'],
  ['returns an encoded lone surrogate exactly as written', '?q=%ED%A0%80', 'q', '%ED%A0%80'],
  ['decodes percent-encoded UTF-8', '?n=%E8%88%9E%E8%B9%88', 'n', '舞蹈'],
  ['reads raw unicode as written', '?n=舞蹈', 'n', '舞蹈'],
  ['decodes a four-byte emoji', '?e=%F0%9F%92%83', 'e', '💃'],
  ['matches an encoded name', '?a%20b=1', 'a b', '1'],
  ['matches a name written with +', '?first+name=Li', 'first name', 'Li'],
  ['matches a bracketed name written encoded', '?a%5B%5D=1', 'a[]', '1'],
  ['matches a bracketed name written raw', '?a[]=1', 'a[]', '1'],
  // hash-router queries
  ['reads a query inside a hash-router hash', 'https://x.example/#/page?id=7', 'id', '7'],
  ['prefers the search part over the hash', 'https://x.example/?id=1#/page?id=2', 'id', '1'],
  ['falls back to the hash when the search lacks the name', 'https://x.example/?a=1#/page?id=2', 'id', '2'],
  ['ends the hash query at a second #', 'https://x.example/#/page?id=7#top', 'id', '7'],
  ['reads a hash that starts with ?', 'https://x.example/#?id=7', 'id', '7'],
  ['does not read a plain anchor as a query', 'https://x.example/?a=1#id=3', 'id', null],
  ['does not read a ? that comes after the hash as search', 'https://x.example/p#frag', 'frag', null],
  // relative and protocol-relative URLs
  ['reads a root-relative URL', '/classes?style=jazz', 'style', 'jazz'],
  ['reads a path-relative URL', 'detail?id=3', 'id', '3'],
  ['reads a bare query', '?a=1', 'a', '1'],
  ['reads a protocol-relative URL', '//cdn.x.example/a.js?v=3', 'v', '3'],
  ['reads a relative hash-router link', '#/article?id=9', 'id', '9'],
  // prototype names are ordinary names
  ['does not find toString on a URL without it', '?a=1', 'toString', null],
  ['does not find __proto__ on a URL without it', '?a=1', '__proto__', null],
  ['does not find constructor on a URL without it', '?a=1', 'constructor', null],
  ['reads __proto__ as an ordinary name', '?__proto__=x', '__proto__', 'x'],
  ['reads constructor as an ordinary name', '?constructor=c&toString=t', 'toString', 't'],
  ['reads hasOwnProperty as an ordinary name', '?hasOwnProperty=1', 'hasOwnProperty', '1'],
]

describe('getQueryParam', () => {
  test.each(rows)('%s', (_, url, name, expected) => {
    expect(getQueryParam(url, name)).toBe(expected)
  })
})
