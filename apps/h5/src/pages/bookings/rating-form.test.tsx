// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Booking } from '@xdance/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { booking } from '../../testing/fixtures'
import { testServices } from '../../testing/services'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

const attended = booking({ attendance: 'attended', cancellable: false, ratingPrompt: true })

function open(item: Booking, path = '/bookings?tab=past') {
  browser = installFakeBrowser({ 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' })
  let current = item
  const services = testServices({
    answers: {
      'GET /bookings': () => ({ upcoming: [], past: [current] }),
      'GET /me/waitlist': { list: [] },
      'POST /bookings/11/rating': (body: { stars: number; comment: string }) => {
        current = {
          ...current,
          ratingPrompt: false,
          rating: {
            ...body,
            ratedAt: '2025-06-01T21:00:00+08:00',
            editableUntil: '2999-01-01T00:00:00+08:00',
          },
        }
        return current
      },
      'POST /bookings/11/rating/dismiss': () => {
        current = { ...current, ratingPrompt: false }
        return current
      },
    },
  })
  return { services, ...renderApp(path, services) }
}

describe('rating an attended class in 我的课程', () => {
  it('asks once: stars and a comment are sent, then the rating shows instead of the question', async () => {
    const { services } = open(attended)
    const form = await screen.findByTestId('rating-form')
    fireEvent.click(within(form).getByLabelText('4 星'))
    fireEvent.change(within(form).getByLabelText('说说感受（选填）'), { target: { value: ' 很开心 ' } })
    fireEvent.click(within(form).getByRole('button', { name: '提交评价' }))
    expect(await screen.findByTestId('rating-given')).toHaveProperty(
      'textContent',
      expect.stringContaining('★★★★'),
    )
    expect(services.client.calls).toContain('POST /bookings/11/rating {"stars":4,"comment":"很开心"}')
    expect(screen.queryByTestId('rating-form')).toBeNull()
  })

  it('without stars, says so and sends nothing', async () => {
    const { services } = open(attended)
    fireEvent.click(
      within(await screen.findByTestId('rating-form')).getByRole('button', { name: '提交评价' }),
    )
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '请选择 1 到 5 星')
    expect(services.client.calls.filter((call) => call.startsWith('POST'))).toEqual([])
  })

  it('不再提醒 dismisses the prompt for good', async () => {
    const { services } = open(attended)
    fireEvent.click(
      within(await screen.findByTestId('rating-form')).getByRole('button', { name: '不再提醒' }),
    )
    await waitFor(() => expect(screen.queryByTestId('rating-form')).toBeNull())
    expect(services.client.calls).toContain('POST /bookings/11/rating/dismiss')
  })

  it('the upcoming tab points to the classes waiting for a rating', async () => {
    open(attended, '/bookings')
    expect(await screen.findByTestId('rating-banner')).toHaveProperty('textContent', '有 1 节课等你评价 ›')
  })

  it('a class not attended is not asked about', async () => {
    open(booking({ attendance: 'missed', cancellable: false }))
    await screen.findByTestId('booking')
    expect(screen.queryByTestId('rating-form')).toBeNull()
  })
})
