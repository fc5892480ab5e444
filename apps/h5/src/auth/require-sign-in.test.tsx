// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../testing/app'
import { installFakeBrowser } from '../testing/fake-browser'
import { danceClass, member, membershipCard, studio } from '../testing/fixtures'
import { testServices } from '../testing/services'
import { requireSignIn } from './require-sign-in'

const SIGNED_IN = { 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' }

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

function thrownBy(run: () => void): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('requireSignIn', () => {
  it('sends a signed-out web visitor to sign in, with the page as the way back, replacing it in history', () => {
    browser = installFakeBrowser()
    const thrown = thrownBy(() => requireSignIn('web', new Request('http://h5.test/bookings?tab=past')))
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('location')).toBe('/login?redirect=%2Fbookings%3Ftab%3Dpast')
    // React Router's replace(): the gated page does not stay in history behind /login.
    expect((thrown as Response).headers.get('X-Remix-Replace')).toBe('true')
  })

  it.each([
    ['web', { ...SIGNED_IN }, true],
    ['web', { 'xdance-head': 'Bearer%20', 'app-token': 'abc' }, false],
    ['app', { 'xdance-head': 'Bearer%20', 'app-token': 'abc' }, true],
    ['app', {}, false],
  ] as const)('in %s mode with cookies %o lets the visitor through: %s', (mode, cookies, through) => {
    browser = installFakeBrowser(cookies)
    const thrown = thrownBy(() => requireSignIn(mode, new Request('http://h5.test/me')))
    expect(thrown === undefined).toBe(through)
  })

  it('in app mode shows no sign-in screen: a 401 for the error page instead of a redirect', () => {
    browser = installFakeBrowser()
    const thrown = thrownBy(() => requireSignIn('app', new Request('http://h5.test/cards')))
    expect(thrown).toMatchObject({ init: { status: 401 } })
    expect(thrown).not.toBeInstanceOf(Response)
  })
})

describe('the signed-in layout', () => {
  it.each(['/bookings', '/cards?x=1', '/me'])(
    'sends a signed-out web visitor from %s to sign in before any call',
    async (path) => {
      browser = installFakeBrowser()
      const services = testServices()
      const { router } = renderApp(path, services)
      await screen.findByRole('heading', { name: '手机号登录', level: 1 })
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/login?redirect=${encodeURIComponent(path)}`,
      )
      expect(services.client.calls).toEqual([])
    },
  )

  it('asks to sign in in the app, inside the layout, in app mode without a session', async () => {
    browser = installFakeBrowser()
    const services = testServices({ mode: 'app' })
    renderApp('/cards', services)
    expect(await screen.findByRole('heading', { name: '请先在 App 内登录', level: 1 })).toBeTruthy()
    expect(document.querySelector('main #error-title')).toBeTruthy()
    expect(services.client.calls).toEqual([])
  })

  it('lets a signed-in customer in', async () => {
    browser = installFakeBrowser(SIGNED_IN)
    renderApp('/cards', testServices({ answers: { 'GET /cards': { list: [membershipCard()] } } }))
    expect(await screen.findByTestId('membership-card')).toBeTruthy()
  })

  it('does not guard the public class page', async () => {
    browser = installFakeBrowser()
    renderApp(
      '/classes/7',
      testServices({ answers: { 'GET /classes/7': danceClass(), 'GET /org': studio() } }),
    )
    expect(await screen.findByRole('heading', { name: 'Jazz', level: 1 })).toBeTruthy()
  })

  it('still guards booking from the public class page: a session lost since it loaded goes to sign in', async () => {
    browser = installFakeBrowser(SIGNED_IN)
    const services = testServices({
      answers: {
        'GET /classes/7': danceClass(),
        'GET /org': studio(),
        'GET /cards': { list: [membershipCard()] },
        'GET /me/members': { list: [member()] },
      },
    })
    const { router } = renderApp('/classes/7', services)
    const confirm = await screen.findByRole('button', { name: '确认预约' })
    browser.jar.clear()
    fireEvent.click(confirm)
    await screen.findByRole('heading', { name: '手机号登录', level: 1 })
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?redirect=%2Fclasses%2F7',
    )
    expect(services.client.calls.filter((call) => call.startsWith('POST'))).toEqual([])
  })
})
