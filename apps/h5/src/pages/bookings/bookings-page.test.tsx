// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { Booking } from '@xdance/contract'
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

function open(upcoming: Booking[], past: Booking[] = []) {
  browser = installFakeBrowser({ 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' })
  const services = testServices({
    answers: {
      'GET /bookings': { upcoming, past },
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
})
