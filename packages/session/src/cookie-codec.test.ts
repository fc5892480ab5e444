import { describe, expect, test } from 'vitest'
import { decodeCookieValue, parseCookie, serializeCookie } from './cookie-codec'
import { SessionError } from './session-error'

describe('decodeCookieValue', () => {
  test.each([
    ['plain text stays', 'abc123', 'abc123'],
    ['an encoded space decodes', 'Bearer%20', 'Bearer '],
    ['lowercase hex decodes', 'a%2fb', 'a/b'],
    ['multi-byte UTF-8 decodes', '%E4%B8%AD%E6%96%87', '中文'],
    ['an emoji decodes', '%F0%9F%98%80', '😀'],
    ['a lone % stays', '100%', '100%'],
    ['% followed by non-hex stays', '%ZZ', '%ZZ'],
    ['a truncated sequence stays', 'ab%E4%B8', 'ab%E4%B8'],
    ['a run that is not UTF-8 stays, the runs around it decode', 'a%20b%C3%28c%20d', 'a b%C3%28c d'],
    ['a malformed run does not hide the rest', '%E0%A4%A x%41', '%E0%A4%A xA'],
    ['an encoded percent decodes once', '100%2525', '100%25'],
    ['+ is not a space in cookies', 'a+b', 'a+b'],
    ['= inside stays', 'k=v=w', 'k=v=w'],
    ['JSON text is not parsed', '{"a":1}', '{"a":1}'],
    ['digits are not coerced', '007', '007'],
    ['empty stays empty', '', ''],
  ])('%s', (_, input, expected) => {
    expect(decodeCookieValue(input)).toBe(expected)
  })
})

describe('parseCookie', () => {
  test.each([
    ['finds a cookie among others', 'a=1; xdance-token=abc; b=2', 'xdance-token', 'abc'],
    ['keeps = inside the value', 'xdance-token=a=b==', 'xdance-token', 'a=b=='],
    ['keeps base64 verbatim', 'app-token=YWJj+/dA==', 'app-token', 'YWJj+/dA=='],
    ['returns the first of duplicate names (the longest path)', 'x=deep; x=root', 'x', 'deep'],
    ['a malformed % in one cookie does not hide it', 'a=%E0%A4%A; b=2', 'a', '%E0%A4%A'],
    ['a malformed % in one cookie does not hide another', 'a=%E0%A4%A; b=%20ok', 'b', ' ok'],
    ['an empty value is an empty string, not missing', 'a=; b=2', 'a', ''],
    [
      'a name that is a prefix of another does not match',
      'xdance-token-old=1; xdance-token=2',
      'xdance-token',
      '2',
    ],
    ['a name that is a suffix of another does not match', 'old-xdance-token=1', 'xdance-token', undefined],
    ['separators without a space (raw from a native app)', 'a=1;b=2;c=3', 'b', '2'],
    ['a raw value with spaces and quotes reads verbatim', 'raw=a b="c"', 'raw', 'a b="c"'],
    ['surrounding quotes are kept', 'q="abc"', 'q', '"abc"'],
    ['a cookie without = is skipped', 'flag; a=1', 'flag', undefined],
    ['a cookie without = does not hide the next', 'flag; a=1', 'a', '1'],
    ['missing gives undefined', 'a=1', 'b', undefined],
    ['an empty header gives undefined', '', 'a', undefined],
    ['a prototype name is an ordinary name', 'a=1', '__proto__', undefined],
    ['toString is an ordinary name', 'toString=x', 'toString', 'x'],
    ['numbers stay strings', 'orgId=0012', 'orgId', '0012'],
    ['true stays a string', 'flag=true', 'flag', 'true'],
  ])('%s', (_, header, name, expected) => {
    expect(parseCookie(header, name)).toBe(expected)
  })
})

describe('serializeCookie', () => {
  test.each([
    ['defaults to Path=/ and SameSite=Lax on http', 'a', 'b', {}, false, 'a=b; Path=/; SameSite=Lax'],
    ['adds Secure on https', 'a', 'b', {}, true, 'a=b; Path=/; SameSite=Lax; Secure'],
    ['secure: false wins over https', 'a', 'b', { secure: false }, true, 'a=b; Path=/; SameSite=Lax'],
    ['secure: true on http', 'a', 'b', { secure: true }, false, 'a=b; Path=/; SameSite=Lax; Secure'],
    ['writes a path', 'a', 'b', { path: '/h5' }, false, 'a=b; Path=/h5; SameSite=Lax'],
    [
      'writes a domain',
      'a',
      'b',
      { domain: '.example.com' },
      false,
      'a=b; Path=/; Domain=.example.com; SameSite=Lax',
    ],
    ['writes Max-Age', 'a', 'b', { maxAge: 3600 }, false, 'a=b; Path=/; Max-Age=3600; SameSite=Lax'],
    ['writes Max-Age=0', 'a', '', { maxAge: 0 }, false, 'a=; Path=/; Max-Age=0; SameSite=Lax'],
    [
      'writes a negative Max-Age (removes)',
      'a',
      '',
      { maxAge: -1 },
      false,
      'a=; Path=/; Max-Age=-1; SameSite=Lax',
    ],
    [
      'writes a valid expires',
      'a',
      'v',
      { expires: new Date(Date.UTC(2030, 0, 2)) },
      false,
      'a=v; Path=/; Expires=Wed, 02 Jan 2030 00:00:00 GMT; SameSite=Lax',
    ],
    [
      'writes Expires as a UTC date',
      'a',
      'b',
      { expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)) },
      false,
      'a=b; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; SameSite=Lax',
    ],
    ['writes SameSite=Strict', 'a', 'b', { sameSite: 'Strict' }, false, 'a=b; Path=/; SameSite=Strict'],
    ['writes SameSite=None', 'a', 'b', { sameSite: 'None' }, true, 'a=b; Path=/; SameSite=None; Secure'],
    [
      'encodes the space of a head',
      'xdance-head',
      'Bearer ',
      {},
      false,
      'xdance-head=Bearer%20; Path=/; SameSite=Lax',
    ],
    [
      'encodes ; so it cannot add an attribute',
      'a',
      'x; Domain=evil.com',
      {},
      false,
      'a=x%3B%20Domain=evil.com; Path=/; SameSite=Lax',
    ],
    [
      'encodes a newline',
      'a',
      'x\r\nSet-Cookie: b=1',
      {},
      false,
      'a=x%0D%0ASet-Cookie:%20b=1; Path=/; SameSite=Lax',
    ],
    ['encodes comma, quote and backslash', 'a', ',"\\', {}, false, 'a=%2C%22%5C; Path=/; SameSite=Lax'],
    ['encodes % so it reads back as written', 'a', '100%41', {}, false, 'a=100%2541; Path=/; SameSite=Lax'],
    ['encodes non-ASCII as UTF-8', 'a', '中😀', {}, false, 'a=%E4%B8%AD%F0%9F%98%80; Path=/; SameSite=Lax'],
    ['keeps = and base64 as they are', 'a', 'YWJj+/dA==', {}, false, 'a=YWJj+/dA==; Path=/; SameSite=Lax'],
    [
      'accepts every token character in a name',
      "!#$%&'*+-.^_`|~Az09",
      'v',
      {},
      false,
      "!#$%&'*+-.^_`|~Az09=v; Path=/; SameSite=Lax",
    ],
  ] as const)('%s', (_, name, value, options, https, expected) => {
    expect(serializeCookie(name, value, options, https)).toBe(expected)
  })

  test.each([
    '',
    'Bearer ',
    'a b  c',
    'x; Path=/evil',
    'line\nbreak\ttab',
    '100%',
    '%E0%A4%A',
    '%41',
    '"quoted"',
    '\\',
    '中文 😀',
    '{"json":[1,2]}',
    '=leading=and=trailing=',
    '\u007f\u0000',
  ])('what is written reads back verbatim: %j', (value) => {
    const line = serializeCookie('k', value, {}, false)
    const pair = line.slice(0, line.indexOf(';'))
    expect(pair).toMatch(/^k=[\x21-\x7e]*$/)
    expect(pair).not.toMatch(/[;,"\\\s]/)
    expect(parseCookie(pair, 'k')).toBe(value)
  })

  test.each([
    ['an empty name', '', 'v', {}, 'INVALID_COOKIE_NAME'],
    ['a name with a space', 'a b', 'v', {}, 'INVALID_COOKIE_NAME'],
    ['a name with ;', 'a;b', 'v', {}, 'INVALID_COOKIE_NAME'],
    ['a name with =', 'a=b', 'v', {}, 'INVALID_COOKIE_NAME'],
    ['a name with a newline', 'a\nb', 'v', {}, 'INVALID_COOKIE_NAME'],
    ['a name with a comma', 'a,b', 'v', {}, 'INVALID_COOKIE_NAME'],
    ['a name with brackets', '(a)', 'v', {}, 'INVALID_COOKIE_NAME'],
    ['a non-ASCII name', 'ä', 'v', {}, 'INVALID_COOKIE_NAME'],
    ['a value with a lone surrogate', 'a', '\uD800x', {}, 'INVALID_COOKIE_VALUE'],
    ['a value that is not a string', 'a', 42 as unknown as string, {}, 'INVALID_COOKIE_VALUE'],
    ['a path injecting an attribute', 'a', 'v', { path: '/; Domain=evil.com' }, 'INVALID_COOKIE_OPTION'],
    ['a path with a newline', 'a', 'v', { path: '/\nSet-Cookie: x=1' }, 'INVALID_COOKIE_OPTION'],
    ['a path with a NUL', 'a', 'v', { path: '/\u0000' }, 'INVALID_COOKIE_OPTION'],
    ['a non-ASCII path', 'a', 'v', { path: '/中' }, 'INVALID_COOKIE_OPTION'],
    ['a domain injecting Secure off', 'a', 'v', { domain: 'x.com; SameSite=None' }, 'INVALID_COOKIE_OPTION'],
    ['a domain with CRLF', 'a', 'v', { domain: 'x.com\r\n' }, 'INVALID_COOKIE_OPTION'],
    // The browser ignores such a Max-Age or Expires and keeps a session cookie: refused instead of silently so.
    ['a fractional maxAge', 'a', 'v', { maxAge: 3600.5 }, 'INVALID_COOKIE_OPTION'],
    ['an infinite maxAge', 'a', 'v', { maxAge: Number.POSITIVE_INFINITY }, 'INVALID_COOKIE_OPTION'],
    ['a NaN maxAge', 'a', 'v', { maxAge: Number.NaN }, 'INVALID_COOKIE_OPTION'],
    ['a maxAge written in exponent form (1e21)', 'a', 'v', { maxAge: 1e21 }, 'INVALID_COOKIE_OPTION'],
    ['an invalid expires Date', 'a', 'v', { expires: new Date('nope') }, 'INVALID_COOKIE_OPTION'],
    [
      'a sameSite injecting an attribute',
      'a',
      'v',
      { sameSite: 'Lax; Domain=evil' as 'Lax' },
      'INVALID_COOKIE_OPTION',
    ],
    [
      'a maxAge that is text with ;',
      'a',
      'v',
      { maxAge: '1; Domain=evil' as unknown as number },
      'INVALID_COOKIE_OPTION',
    ],
  ] as const)('refuses %s', (_, name, value, options, code) => {
    let thrown: unknown
    try {
      serializeCookie(name, value, options, false)
    } catch (error) {
      thrown = error
    }
    expect(SessionError.isInstance(thrown)).toBe(true)
    expect((thrown as SessionError).code).toBe(code)
    expect(thrown).toBeInstanceOf(SessionError)
  })
})
