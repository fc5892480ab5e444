import type { GatewayClient } from '@xdance/http'
import type { Tracker } from '@xdance/tracker'
import { afterEach, describe, expect, it } from 'vitest'
import { setServices } from '../app/services'
import { installFakeBrowser } from '../testing/fake-browser'
import { createToastStore } from '../toast/toast-store'
import { forgetSignIn, loginPath, rememberSignIn, requireSignIn } from './sign-in'

const install = (mode: 'web' | 'app', cookies: Record<string, string> = {}) => {
  setServices({ mode, client: {} as GatewayClient, tracker: {} as Tracker, toasts: createToastStore() })
  return installFakeBrowser(cookies)
}

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => browser?.reset())

describe('requireSignIn', () => {
  it('sends a signed-out web visitor to sign in, with the page as the way back', () => {
    browser = install('web')
    let thrown: unknown
    try {
      requireSignIn(new Request('http://h5.test/bookings?tab=past'))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('location')).toBe('/login?redirect=%2Fbookings%3Ftab%3Dpast')
    // React Router's replace(): the gated page does not stay in history behind /login.
    expect((thrown as Response).headers.get('X-Remix-Replace')).toBe('true')
  })

  it('lets a visitor with both the head and the token cookie through', () => {
    browser = install('web', { 'xdance-head': 'Bearer%20', 'xdance-token': 'abc' })
    expect(() => requireSignIn(new Request('http://h5.test/me'))).not.toThrow()
  })

  it('does not count the app token in web mode', () => {
    browser = install('web', { 'xdance-head': 'Bearer%20', 'app-token': 'abc' })
    expect(() => requireSignIn(new Request('http://h5.test/me'))).toThrow()
  })

  it('in app mode shows no sign-in screen: a 401 for the error page instead of a redirect', () => {
    browser = install('app')
    let thrown: unknown
    try {
      requireSignIn(new Request('http://h5.test/cards'))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({ init: { status: 401 } })
    expect(thrown).not.toBeInstanceOf(Response)
  })

  it('in app mode accepts the app token the native app set', () => {
    browser = install('app', { 'xdance-head': 'Bearer%20', 'app-token': 'abc' })
    expect(() => requireSignIn(new Request('http://h5.test/cards'))).not.toThrow()
  })
})

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
    browser = install('web')
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

  it('falls back to a week when the gateway gives no expiry', () => {
    browser = install('web')
    rememberSignIn(session)
    expect(browser.written[0]).toContain('Max-Age=604800')
  })

  it('forgets the tokens and the userId but keeps who the visitor is', () => {
    browser = install('web', { 'xdance-head': 'Bearer%20', 'xdance-token': 'tok', 'app-token': 'app' })
    browser.localStorage.setItem('userId', '20001')
    browser.localStorage.setItem('openId', 'o_1')
    forgetSignIn()
    expect([...browser.jar.keys()]).toEqual(['xdance-head'])
    expect(browser.localStorage.getItem('userId')).toBeNull()
    expect(browser.localStorage.getItem('openId')).toBe('o_1')
  })
})
