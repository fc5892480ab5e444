import { afterEach, describe, expect, it } from 'vitest'
import { installFakeBrowser } from '../testing/fake-browser'
import { loginPath } from './login-path'
import { forgetSignIn, rememberSignIn, signInExtras } from './sign-in'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => browser?.reset())

describe('loginPath', () => {
  it.each([
    ['/bookings', '/login?redirect=%2Fbookings'],
    ['//evil.example', '/login?redirect=%2F'],
    ['/login?redirect=/me', '/login?redirect=%2F'],
  ])('%s gives %s', (returnTo, expected) => {
    expect(loginPath(returnTo)).toBe(expected)
  })
})

describe('remembering and forgetting a sign-in', () => {
  const session = { head: 'Bearer ', token: 'tok_123', userId: '20001', openId: 'o_1', orgId: '10001' }

  it('keeps the head and token cookies for the life of the token, and the ids in local storage', () => {
    browser = installFakeBrowser()
    rememberSignIn({ ...session, expiresAt: '2030-01-08T00:00:00Z' }, Date.parse('2030-01-01T00:00:00Z'))
    expect(browser.jar.get('xdance-head')).toBe('Bearer%20')
    expect(browser.jar.get('xdance-token')).toBe('tok_123')
    expect(browser.written.every((line) => /; Path=\/; Max-Age=604800;/.test(line))).toBe(true)
    expect(['orgId', 'openId', 'userId'].map((key) => browser?.localStorage.getItem(key))).toEqual([
      '10001',
      'o_1',
      '20001',
    ])
  })

  it.each([
    ['no expiry', undefined],
    ['an unreadable expiry', 'soon'],
  ])("falls back to the contract's token life (a week) for %s", (_case, expiresAt) => {
    browser = installFakeBrowser()
    rememberSignIn({ ...session, expiresAt })
    expect(browser.written[0]).toContain('Max-Age=604800')
  })

  it('forgets the tokens and the userId but keeps who the visitor is', () => {
    browser = installFakeBrowser({ 'xdance-head': 'Bearer%20', 'xdance-token': 'tok', 'app-token': 'app' })
    browser.localStorage.setItem('userId', '20001')
    browser.localStorage.setItem('openId', 'o_1')
    forgetSignIn()
    expect([...browser.jar.keys()]).toEqual(['xdance-head'])
    expect(browser.localStorage.getItem('userId')).toBeNull()
    expect(browser.localStorage.getItem('openId')).toBe('o_1')
  })
})

describe('signInExtras', () => {
  it.each([
    ['nothing stored', {}, {}],
    ['the visitor’s openId: never sent (the gateway reads its own proof)', { openId: 'oDemo1' }, {}],
    ['an app-mode invite id', { openId: 'oDemo1', inviteId: '7' }, { inviteId: '7' }],
  ])('%s', (_name, stored: Record<string, string>, expected) => {
    browser = installFakeBrowser()
    for (const [key, value] of Object.entries(stored)) browser.localStorage.setItem(key, value)
    expect(signInExtras()).toEqual(expected)
  })
})
