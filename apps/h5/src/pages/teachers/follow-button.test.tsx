// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { teacher } from '../../testing/fixtures'
import { testServices } from '../../testing/services'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

function open(signedIn: boolean) {
  browser = installFakeBrowser(signedIn ? { 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' } : {})
  let followed = false
  const services = testServices({
    answers: {
      'GET /teachers/1': () => ({ teacher: teacher(), classes: [], followed }),
      'GET /teachers/1/ratings': { teacherId: 1, count: 0, average: null, comments: [] },
      'POST /teachers/1/follow': () => {
        followed = true
        return { followed }
      },
      'POST /teachers/1/unfollow': () => {
        followed = false
        return { followed }
      },
    },
  })
  return { services, ...renderApp('/teachers/1', services) }
}

describe('the heart on a teacher’s page', () => {
  it('follows, then unfollows, the page saying which', async () => {
    const { services } = open(true)
    const heart = await screen.findByTestId('follow')
    expect(heart.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(heart)
    await waitFor(() => expect(screen.getByTestId('follow').getAttribute('aria-pressed')).toBe('true'))
    expect(screen.getByTestId('follow').textContent).toContain('已关注')
    fireEvent.click(screen.getByTestId('follow'))
    await waitFor(() => expect(screen.getByTestId('follow').getAttribute('aria-pressed')).toBe('false'))
    expect(services.client.calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /teachers/1/follow',
      'POST /teachers/1/unfollow',
    ])
  })

  it('signed out, leads to sign-in and back', async () => {
    open(false)
    const heart = await screen.findByTestId('follow')
    expect(heart.getAttribute('href')).toBe('/login?redirect=%2Fteachers%2F1')
  })
})
