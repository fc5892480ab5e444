import { afterEach, describe, expect, test } from 'vitest'
import { clearTokens, getAuthorization, isLoggedIn } from './authorization'
import { configureBrowser, resetBrowser } from './browser'
import type { Mode } from './constants'
import { fakeDocument } from './test-fakes'

afterEach(resetBrowser)

const BOTH = 'xdance-head=Bearer%20; xdance-token=web123; app-token=app456'

describe('getAuthorization and isLoggedIn', () => {
  test.each<[string, string, Mode, string | undefined]>([
    ['web: head then the web token, directly', BOTH, 'web', 'Bearer web123'],
    ['app: head then the app token, directly', BOTH, 'app', 'Bearer app456'],
    ['a head without a space is joined as is', 'xdance-head=JWT; xdance-token=t', 'web', 'JWTt'],
    ['a raw head cookie is used verbatim', 'xdance-head=Token:; xdance-token=t', 'web', 'Token:t'],
    ['no head: not logged in', 'xdance-token=web123; app-token=app456', 'web', undefined],
    ['web without its token: not logged in', 'xdance-head=Bearer%20; app-token=app456', 'web', undefined],
    ['app without its token: not logged in', 'xdance-head=Bearer%20; xdance-token=web123', 'app', undefined],
    ['an empty token: not logged in', 'xdance-head=Bearer%20; xdance-token=', 'web', undefined],
    ['an empty head: not logged in', 'xdance-head=; xdance-token=t', 'web', undefined],
    ['no cookies: not logged in', '', 'web', undefined],
    ['a token like a number stays text', 'xdance-head=Bearer%20; xdance-token=00123', 'web', 'Bearer 00123'],
  ])('%s', (_, header, mode, expected) => {
    configureBrowser({ document: fakeDocument(header) })
    expect(getAuthorization(mode)).toBe(expected)
    expect(isLoggedIn(mode)).toBe(expected !== undefined)
  })

  test('without a document nobody is logged in', () => {
    configureBrowser({ document: undefined })
    expect(getAuthorization('web')).toBeUndefined()
    expect(isLoggedIn('app')).toBe(false)
  })
})

describe('clearTokens', () => {
  test('removes xdance-token and app-token on path / and keeps the head', () => {
    const document = fakeDocument(BOTH)
    configureBrowser({ document, location: { href: 'http://h5.example.com/', protocol: 'http:' } })
    clearTokens()
    expect(document.writes).toEqual([
      'xdance-token=; Path=/; Max-Age=0; SameSite=Lax',
      'app-token=; Path=/; Max-Age=0; SameSite=Lax',
    ])
  })

  test('does not throw without a document', () => {
    configureBrowser({ document: undefined })
    expect(() => clearTokens()).not.toThrow()
  })
})
