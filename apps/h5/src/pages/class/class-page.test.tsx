// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { danceClass, membershipCard } from '../../testing/fixtures'
import { testServices } from '../../testing/services'

const SIGNED_IN = { 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' }

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

function open(
  item = danceClass(),
  { signedIn = true, cards = [membershipCard()], mode = 'web' as const } = {},
) {
  browser = installFakeBrowser(signedIn ? SIGNED_IN : {})
  const services = testServices({
    mode,
    answers: {
      'GET /classes/7': item,
      'GET /cards': { list: cards },
      'POST /bookings': () => ({ id: 11, cardId: 3, cardName: '20 次卡' }),
    },
  })
  return { services, ...renderApp('/classes/7', services) }
}

describe('the class page', () => {
  it('offers a bookable class with the usable cards, and books it with the chosen one', async () => {
    const { services } = open()
    await screen.findByRole('heading', { name: 'Jazz', level: 1 })
    expect(screen.getByRole('radio', { name: /20 次卡/ })).toHaveProperty('checked', true)
    fireEvent.click(screen.getByRole('button', { name: '确认预约' }))
    expect(await screen.findByTestId('booking-result')).toHaveProperty(
      'textContent',
      expect.stringContaining('预约成功'),
    )
    expect(services.client.calls).toContain('POST /bookings {"classId":7,"cardId":3}')
  })

  it.each([
    ['full', danceClass({ status: 'full', remaining: 0, booked: 10 }), '该课程已约满，看看其他时段吧。'],
    ['started', danceClass({ status: 'started' }), '课程已开始，无法预约。'],
    ['finished', danceClass({ status: 'ended' }), '课程已开始，无法预约。'],
  ])('says a %s class cannot be booked, with no form', async (_case, item, text) => {
    open(item)
    expect(await screen.findByText(text)).toBeTruthy()
    expect(screen.queryByRole('button', { name: '确认预约' })).toBeNull()
  })

  it('says so when no card can pay for the class', async () => {
    open(danceClass({ credits: 2 }), { cards: [membershipCard({ creditsLeft: 1 })] })
    expect(await screen.findByText('没有可用的会员卡，请联系前台购买。')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '确认预约' })).toBeNull()
  })

  it('shows an existing booking instead of the form', async () => {
    open(danceClass({ myBookingId: 11 }))
    expect(await screen.findByTestId('already-booked')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '确认预约' })).toBeNull()
  })

  it('sends a signed-out web visitor to sign in and back, without asking for their cards', async () => {
    const { services } = open(danceClass(), { signedIn: false })
    const link = await screen.findByRole('link', { name: '登录后预约' })
    expect(link.getAttribute('href')).toBe('/login?redirect=%2Fclasses%2F7')
    expect(services.client.calls).toEqual(['GET /classes/7'])
  })

  it('shows no sign-in link in app mode without a session (the native app signs in)', async () => {
    open(danceClass(), { signedIn: false, mode: 'app' as never })
    await screen.findByRole('heading', { name: 'Jazz', level: 1 })
    expect(screen.queryByRole('link', { name: '登录后预约' })).toBeNull()
  })
})
