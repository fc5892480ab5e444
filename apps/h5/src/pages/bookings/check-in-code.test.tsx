// @vitest-environment happy-dom

import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { type Booking, ERROR_CODE, studioDate, toStudioIso } from '@xdance/contract'
import { GatewayError } from '@xdance/http/errors'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { booking, danceClass } from '../../testing/fixtures'
import { testServices } from '../../testing/services'
import { showsCheckIn } from './check-in-code'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

const MINUTE = 60_000

/** A booking of a class of today starting `startsIn` ms from now, its check-in 30 min before to 15 after. */
function today(startsIn: number, overrides: Partial<Booking> = {}): Booking {
  const starts = Date.now() + startsIn
  return booking({
    class: danceClass({
      date: studioDate(starts),
      startsAt: toStudioIso(starts),
      endsAt: toStudioIso(starts + 60 * MINUTE),
    }),
    cancellable: false,
    checkIn: {
      opensAt: toStudioIso(starts - 30 * MINUTE),
      closesAt: toStudioIso(starts + 15 * MINUTE),
      checkedInAt: null,
    },
    ...overrides,
  })
}

function open(item: Booking, code: unknown) {
  browser = installFakeBrowser({ 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' })
  const services = testServices({
    answers: {
      'GET /bookings': { upcoming: [item], past: [] },
      'GET /me/waitlist': { list: [] },
      'GET /bookings/11/check-in': code,
    },
  })
  return { services, ...renderApp('/bookings', services) }
}

const PAYLOAD = 'XDC1.10001.11.1748829600.abcdefghijklmnopqrstuv'

describe('the check-in code in 我的课程', () => {
  it('shows the QR code and the same payload as text while check-in is open, naming the member', async () => {
    const item = today(10 * MINUTE, { member: { id: 2, name: '小米', self: false } })
    open(item, { bookingId: 11, payload: PAYLOAD, expiresAt: item.checkIn.closesAt, ...item.checkIn })
    const code = await screen.findByTestId('check-in-code')
    expect(within(code).getByRole('img', { name: '小米的签到二维码' })).toBeTruthy()
    expect(within(code).getByTestId('check-in-text').textContent).toBe(PAYLOAD)
    expect(screen.getByTestId('booking-member').textContent).toContain('学员：小米')
  })

  it('before check-in opens, says when it will, and asks for no code', async () => {
    const item = today(3 * 60 * MINUTE)
    const { services } = open(item, null)
    expect(await screen.findByTestId('check-in-later')).toHaveProperty(
      'textContent',
      expect.stringMatching(/^签到码 \d\d:\d\d 开放$/),
    )
    expect(services.client.calls).not.toContain('GET /bookings/11/check-in')
  })

  it('once the desk has scanned it, says the customer is checked in and reads the list again', async () => {
    const item = today(10 * MINUTE)
    const { services } = open(item, () => {
      throw new GatewayError('refused', {
        code: ERROR_CODE.CHECK_IN_REPLAYED,
        msg: '该预约已签到',
        data: null,
        unauthorized: false,
      })
    })
    expect(await screen.findByTestId('check-in-done')).toHaveProperty('textContent', '已签到，祝上课愉快！')
    await waitFor(() =>
      expect(services.client.calls.filter((call) => call === 'GET /bookings').length).toBeGreaterThan(1),
    )
  })

  it('another refusal is said in place (past the window), the page stays', async () => {
    const item = today(10 * MINUTE)
    open(item, () => {
      throw new GatewayError('refused', { code: 40941, msg: '已过签到时间', data: null, unauthorized: false })
    })
    expect(await screen.findByTestId('check-in-failed')).toHaveProperty('textContent', '已过签到时间')
    expect(screen.getByTestId('booking')).toBeTruthy()
  })
})

describe('showsCheckIn', () => {
  it('only for a live booking of today not yet checked in, until check-in closes', () => {
    const now = Date.now()
    expect(showsCheckIn(today(10 * MINUTE), now)).toBe(true)
    expect(showsCheckIn(today(10 * MINUTE, { status: 'cancelled' }), now)).toBe(false)
    const checked = today(10 * MINUTE)
    expect(
      showsCheckIn({ ...checked, checkIn: { ...checked.checkIn, checkedInAt: toStudioIso(now) } }, now),
    ).toBe(false)
    expect(showsCheckIn(today(-20 * MINUTE), now)).toBe(false)
    expect(showsCheckIn(today(10 * MINUTE), now + 2 * 24 * 60 * MINUTE)).toBe(false)
  })
})
