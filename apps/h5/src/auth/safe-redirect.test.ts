import { describe, expect, it } from 'vitest'
import { sanitizeRedirect } from './safe-redirect'

describe('sanitizeRedirect keeps paths of this app', () => {
  it.each([
    ['/', '/'],
    ['/bookings', '/bookings'],
    ['/schedule?date=2025-06-01', '/schedule?date=2025-06-01'],
    ['/classes/12#book', '/classes/12#book'],
    ['/marketing/article?id=3&sharer=u1', '/marketing/article?id=3&sharer=u1'],
    ['/me/../cards', '/cards'],
    ['/%E8%AF%BE%E8%A1%A8', '/%E8%AF%BE%E8%A1%A8'],
  ])('%s stays %s', (input, expected) => {
    expect(sanitizeRedirect(input)).toBe(expected)
  })
})

describe('sanitizeRedirect refuses anything that could leave the app', () => {
  it.each([
    ['an absolute https URL', 'https://evil.example/steal'],
    ['an absolute http URL', 'http://evil.example'],
    ['a protocol-relative URL', '//evil.example'],
    ['three slashes', '///evil.example'],
    ['slash then backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a leading backslash', '\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a mixed-case javascript: URL', 'JaVaScRiPt:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a bare host', 'evil.example'],
    ['a relative path', 'bookings'],
    ['a leading space', ' /bookings'],
    ['a tab hiding a second slash', '/\t/evil.example'],
    ['a newline hiding a second slash', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a NUL byte', '/\u0000/evil.example'],
    ['a line separator', '/\u2028/evil.example'],
    ['an encoded second slash', '/%2F/evil.example'],
    ['an encoded lower-case second slash', '/%2f/evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded leading slash pair', '%2F%2Fevil.example'],
    ['broken percent-encoding', '/%E0%A4%A'],
    ['a scheme with slashes', 'https:/\\evil.example'],
    ['userinfo trick', '//user@evil.example'],
    ['a fullwidth solidus start', '／／evil.example'],
    ['the sign-in page itself (a loop)', '/login?redirect=/login'],
    ['an empty string', ''],
    ['a very long value', `/${'a'.repeat(3000)}`],
  ])('%s goes to /', (_name, input) => {
    expect(sanitizeRedirect(input)).toBe('/')
  })

  it.each([
    [null, '/'],
    [undefined, '/'],
  ])('a missing value (%s) goes to the fallback', (input, expected) => {
    expect(sanitizeRedirect(input)).toBe(expected)
  })

  it('uses the fallback it is given', () => {
    expect(sanitizeRedirect('//evil.example', '/me')).toBe('/me')
  })
})
