// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { configureBrowser, resetBrowser } from './browser'
import { getCookie, removeCookie, setCookie } from './cookies'
import { SessionError } from './session-error'
import { fakeDocument, refusingDocument } from './test-fakes'

const HTTP = { href: 'http://h5.example.com/', protocol: 'http:' }
const HTTPS = { href: 'https://h5.example.com/', protocol: 'https:' }

afterEach(resetBrowser)

describe('setCookie', () => {
  test('writes Path=/ and SameSite=Lax, without Secure, on an http page', () => {
    const document = fakeDocument()
    configureBrowser({ document, location: HTTP })
    expect(setCookie('xdance-token', 'abc')).toBe(true)
    expect(document.writes).toEqual(['xdance-token=abc; Path=/; SameSite=Lax'])
  })

  test('adds Secure on an https page', () => {
    const document = fakeDocument()
    configureBrowser({ document, location: HTTPS })
    setCookie('xdance-token', 'abc')
    expect(document.writes).toEqual(['xdance-token=abc; Path=/; SameSite=Lax; Secure'])
  })

  test('without a location (not a page) does not add Secure', () => {
    const document = fakeDocument()
    configureBrowser({ document, location: undefined })
    setCookie('a', 'b')
    expect(document.writes).toEqual(['a=b; Path=/; SameSite=Lax'])
  })

  test('returns false without a document', () => {
    configureBrowser({ document: undefined })
    expect(setCookie('a', 'b')).toBe(false)
  })

  test('returns false when the document refuses cookies (sandboxed frame)', () => {
    configureBrowser({ document: refusingDocument() })
    expect(setCookie('a', 'b')).toBe(false)
  })

  test('throws SessionError before writing anything for an invalid name', () => {
    const document = fakeDocument()
    configureBrowser({ document })
    expect(() => setCookie('a;b', 'v')).toThrow(SessionError)
    expect(document.writes).toEqual([])
  })

  test('throws SessionError even without a document, so a bug shows in tests and servers too', () => {
    configureBrowser({ document: undefined })
    expect(() => setCookie('a', 'v', { path: '/;x' })).toThrow(
      expect.objectContaining({ code: 'INVALID_COOKIE_OPTION' }),
    )
  })
})

describe('removeCookie', () => {
  test('expires the cookie on the same default path', () => {
    const document = fakeDocument()
    configureBrowser({ document, location: HTTP })
    expect(removeCookie('xdance-token')).toBe(true)
    expect(document.writes).toEqual(['xdance-token=; Path=/; Max-Age=0; SameSite=Lax'])
  })

  test('uses the path and domain it is given', () => {
    const document = fakeDocument()
    configureBrowser({ document, location: HTTPS })
    removeCookie('a', { path: '/h5', domain: '.example.com' })
    expect(document.writes).toEqual(['a=; Path=/h5; Domain=.example.com; Max-Age=0; SameSite=Lax; Secure'])
  })

  test('returns false without a document', () => {
    configureBrowser({ document: undefined })
    expect(removeCookie('a')).toBe(false)
  })
})

describe('getCookie', () => {
  test('reads from the document', () => {
    configureBrowser({ document: fakeDocument('a=1; xdance-head=Bearer%20') })
    expect(getCookie('xdance-head')).toBe('Bearer ')
    expect(getCookie('missing')).toBeUndefined()
  })

  test('gives undefined without a document or when it refuses', () => {
    configureBrowser({ document: undefined })
    expect(getCookie('a')).toBeUndefined()
    configureBrowser({ document: refusingDocument() })
    expect(getCookie('a')).toBeUndefined()
  })

  test('does not validate the name it reads (a native app may have set an odd one)', () => {
    configureBrowser({ document: fakeDocument('odd name=1') })
    expect(getCookie('odd name')).toBe('1')
  })
})

describe('round trip through a DOM cookie jar (happy-dom)', () => {
  test.each([
    'abc',
    'Bearer ',
    ' leading',
    'a; b',
    'x\ny',
    '100%',
    '%41',
    '"q"',
    '中文😀',
    '{"a":[1,2]}',
    'k=v==',
    '',
  ])('%j reads back verbatim', (value) => {
    expect(setCookie('k', value)).toBe(true)
    expect(getCookie('k')).toBe(value)
  })

  test('a raw cookie written by other code reads back', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a raw write by other code is what this test is about
    document.cookie = 'app-token=raw+token/abc=='
    expect(getCookie('app-token')).toBe('raw+token/abc==')
  })
})
