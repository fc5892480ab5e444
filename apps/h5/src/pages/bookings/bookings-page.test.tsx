// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Booking, DanceClass } from '@xdance/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { booking, danceClass } from '../../testing/fixtures'
import { testServices } from '../../testing/services'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

// Far enough ahead that the class has not ended whenever the test runs.
const later = danceClass({ startsAt: '2999-06-01T19:00:00+08:00', endsAt: '2999-06-01T20:00:00+08:00' })

function open(upcoming: Booking[], past: Booking[] = [], waiting: DanceClass[] = []) {
  browser = installFakeBrowser({ 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' })
  let places = waiting
  const services = testServices({
    answers: {
      'GET /bookings': { upcoming, past },
      'GET /me/waitlist': () => ({ list: places }),
      'POST /classes/21/waitlist/leave': () => {
        places = []
        return { ...waiting[0], myWaitlistPosition: null }
      },
      'POST /bookings/11/cancel': () => booking({ status: 'cancelled', cancellable: false }),
    },
  })
  return { services, ...renderApp('/bookings', services) }
}

const item = async () => within(await screen.findByTestId('booking'))

describe('the bookings list', () => {
  it('offers to cancel until the cut-off, asks to confirm, then cancels and says so', async () => {
    const { services } = open([booking({ class: later })])
    const card = await item()
    expect(card.getByText('已预约')).toBeTruthy()
    fireEvent.click(card.getByRole('button', { name: '取消预约' }))
    expect(card.getByText('确定取消「Jazz」吗？次数将退回会员卡。')).toBeTruthy()
    fireEvent.click(card.getByRole('button', { name: '确认取消' }))
    expect(await screen.findByText('已取消预约，次数已退回')).toBeTruthy()
    expect(services.client.calls).toContain('POST /bookings/11/cancel')
  })

  it('keeps the booking when the customer changes their mind', async () => {
    const { services } = open([booking({ class: later })])
    const card = await item()
    fireEvent.click(card.getByRole('button', { name: '取消预约' }))
    fireEvent.click(card.getByRole('button', { name: '保留预约' }))
    expect(card.getByRole('button', { name: '取消预约' })).toBeTruthy()
    expect(services.client.calls.filter((call) => call.startsWith('POST'))).toEqual([])
  })

  it('says the cut-off has passed, with no cancel button', async () => {
    open([booking({ class: later, cancellable: false })])
    const card = await item()
    expect(card.getByText('已过取消截止时间')).toBeTruthy()
    expect(card.queryByRole('button', { name: '取消预约' })).toBeNull()
  })

  it('shows a cancelled booking as cancelled, with nothing to do', async () => {
    open([booking({ class: later, status: 'cancelled', cancellable: false })])
    const card = await item()
    expect(card.getByText('已取消')).toBeTruthy()
    expect(card.queryByRole('button')).toBeNull()
    expect(card.queryByText('已过取消截止时间')).toBeNull()
  })

  it('shows a class that had ended when the list loaded as ended, with nothing to do', async () => {
    open([booking({ cancellable: false })])
    const card = await item()
    expect(card.getByText('已结束')).toBeTruthy()
    expect(card.queryByRole('button')).toBeNull()
  })

  it.each([
    ['attended', '已上课'],
    ['missed', '缺课'],
    [null, '已结束'],
  ] as const)('a past class marked %s by the studio says %s', async (attendance, label) => {
    open([], [booking({ cancellable: false, attendance })])
    fireEvent.click(await screen.findByRole('link', { name: '已结束' }))
    const card = await item()
    expect(card.getByText(label)).toBeTruthy()
  })

  it('puts waitlist places in the one timeline by start time, with the position, and leaves one', async () => {
    const sooner = danceClass({
      id: 20,
      startsAt: '2999-05-01T19:00:00+08:00',
      endsAt: '2999-05-01T20:00:00+08:00',
    })
    const waiting = danceClass({
      id: 21,
      title: 'Hip-hop',
      status: 'full',
      myWaitlistPosition: 2,
      startsAt: '2999-05-20T19:00:00+08:00',
      endsAt: '2999-05-20T20:00:00+08:00',
    })
    const { services } = open([booking({ id: 12, class: sooner }), booking({ class: later })], [], [waiting])
    const place = within(await screen.findByTestId('waiting'))
    const order = [...document.querySelectorAll('[data-testid="booking"], [data-testid="waiting"]')].map(
      (el) => el.getAttribute('data-testid'),
    )
    expect(order).toEqual(['booking', 'waiting', 'booking'])
    expect(place.getByText('候补第 2 位')).toBeTruthy()
    expect(screen.getByRole('link', { name: '我的订单' }).getAttribute('href')).toBe('/me/orders')
    fireEvent.click(place.getByRole('button', { name: '退出候补' }))
    await waitFor(() => expect(screen.queryByTestId('waiting')).toBeNull())
    expect(services.client.calls).toContain('POST /classes/21/waitlist/leave')
  })
})
