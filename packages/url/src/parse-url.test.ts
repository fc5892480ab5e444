import { describe, expect, test } from 'vitest'
import { parseUrl } from './parse-url'
import type { ParsedUrl } from './types'

const BASE = 'https://h5.xdance.example/app/list?tab=1#/home'

describe('parseUrl', () => {
  test('gives every part of an absolute URL and its parsed query', () => {
    const parsed = parseUrl('https://h5.xdance.example:8443/a/b?x=1&x=2&y#/page?id=3')
    expect(parsed).toEqual({
      href: 'https://h5.xdance.example:8443/a/b?x=1&x=2&y#/page?id=3',
      origin: 'https://h5.xdance.example:8443',
      protocol: 'https:',
      host: 'h5.xdance.example:8443',
      hostname: 'h5.xdance.example',
      port: '8443',
      pathname: '/a/b',
      search: '?x=1&x=2&y',
      hash: '#/page?id=3',
      query: { x: ['1', '2'], y: '' },
    })
  })

  test('gives a query with no prototype, so prototype names are ordinary keys', () => {
    const query = parseUrl('https://x.example/?__proto__=p&constructor=c')?.query
    expect(query && Object.getPrototypeOf(query)).toBe(null)
    expect(query && Object.keys(query)).toEqual(['__proto__', 'constructor'])
    expect(parseUrl('https://x.example/?a=1')?.query.toString).toBeUndefined()
  })

  // [behaviour, url, base, expected parts]
  const rows: [string, string, string | undefined, Partial<ParsedUrl> | null][] = [
    [
      'resolves a root-relative URL against base',
      '/classes?style=jazz',
      BASE,
      {
        href: 'https://h5.xdance.example/classes?style=jazz',
        query: { style: 'jazz' },
      },
    ],
    [
      'resolves a path-relative URL against base',
      'detail?id=3',
      BASE,
      {
        href: 'https://h5.xdance.example/app/detail?id=3',
      },
    ],
    ['resolves .. segments against base', '../up', 'https://x.example/a/b/c', { pathname: '/a/up' }],
    [
      'resolves a protocol-relative URL with the base protocol',
      '//cdn.x.example/a.js?v=3',
      BASE,
      {
        href: 'https://cdn.x.example/a.js?v=3',
        host: 'cdn.x.example',
      },
    ],
    [
      'resolves a bare query against base',
      '?page=2',
      BASE,
      {
        href: 'https://h5.xdance.example/app/list?page=2',
      },
    ],
    [
      'resolves an empty string to base without its hash',
      '',
      BASE,
      {
        href: 'https://h5.xdance.example/app/list?tab=1',
      },
    ],
    ['ignores base for an absolute URL', 'http://other.example/', BASE, { origin: 'http://other.example' }],
    ['gives null for a relative URL without base outside a browser', '/classes', undefined, null],
    ['gives null for a scheme without a host', 'http://', undefined, null],
    ['gives null for an unclosed IPv6 host', 'http://[::1', undefined, null],
    ['gives null when base itself is not a URL', '/a', 'not a base', null],
    ['gives null for a bad port', 'https://x.example:99999/', undefined, null],
    ['leaves a default port empty', 'https://x.example:443/', undefined, { port: '', host: 'x.example' }],
    [
      'trims surrounding spaces as browsers do',
      '  https://x.example/a  ',
      undefined,
      {
        href: 'https://x.example/a',
      },
    ],
    [
      'gives unicode hosts in punycode',
      'https://舞蹈.example/',
      undefined,
      { hostname: 'xn--cd1a22w.example' },
    ],
    [
      'decodes + and unicode in the query',
      'https://x.example/?q=hip+hop&n=%E8%88%9E',
      undefined,
      {
        query: { q: 'hip hop', n: '舞' },
      },
    ],
    [
      'keeps a malformed percent value as written',
      'https://x.example/?q=%zz&r=100%',
      undefined,
      {
        query: { q: '%zz', r: '100%' },
      },
    ],
    [
      'reads the query from the search part only, not the hash',
      'https://x.example/#/p?id=7',
      undefined,
      {
        search: '',
        hash: '#/p?id=7',
        query: {},
      },
    ],
    [
      'parses a URL without a host, with origin "null"',
      'mailto:a@b.example?subject=hi',
      undefined,
      {
        origin: 'null',
        pathname: 'a@b.example',
        query: { subject: 'hi' },
      },
    ],
  ]

  test.each(rows)('%s', (_, url, base, expected) => {
    const parsed = parseUrl(url, base)
    if (expected === null) expect(parsed).toBeNull()
    else expect(parsed).toMatchObject(expected)
  })
})
