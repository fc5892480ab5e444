// @vitest-environment happy-dom

import { cleanup, fireEvent, screen } from '@testing-library/react'
import { GatewayError } from '@xdance/http/errors'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { booking, member } from '../../testing/fixtures'
import { testServices } from '../../testing/services'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

const DOOR = 'XDD1.10001.abcdefghijklmnopqrstuv'
const child = member({ id: 2, name: '小米', birthYear: 2020, self: false })
const parentBooking = booking({ id: 11 })
const childBooking = booking({ id: 12, member: { id: 2, name: '小米', self: false } })

const posts = (services: { client: { calls: string[] } }) =>
  services.client.calls.filter((call) => call.startsWith('POST'))

function open(
  answer: (body: { door: string; memberIds?: number[] }) => unknown,
  path = `/check-in?door=${DOOR}`,
) {
  browser = installFakeBrowser({ 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' })
  const services = testServices({ answers: { 'POST /check-in/door': answer } })
  return { services, ...renderApp(path, services) }
}

describe('签到 at the studio’s door', () => {
  it('one tap checks in what is booked now and says who', async () => {
    const { services } = open(() => ({ checkedIn: [childBooking], choose: [] }))
    fireEvent.click(await screen.findByTestId('door-submit'))
    expect(await screen.findByTestId('door-checked-in')).toHaveProperty(
      'textContent',
      expect.stringContaining('小米 · Jazz 19:00'),
    )
    expect(posts(services)[0]).toBe(`POST /check-in/door {"door":"${DOOR}"}`)
  })

  it('several members booked now: asks whom, then checks in those ticked', async () => {
    const { services } = open((body) =>
      body.memberIds
        ? { checkedIn: [childBooking], choose: [] }
        : { checkedIn: [], choose: [parentBooking, childBooking] },
    )
    fireEvent.click(await screen.findByTestId('door-submit'))
    expect(await screen.findByTestId('door-choose')).toBeTruthy()
    fireEvent.click(screen.getByRole('checkbox', { name: /小舞/ }))
    fireEvent.click(screen.getByTestId('door-submit'))
    await screen.findByTestId('door-checked-in')
    expect(posts(services)[1]).toBe(`POST /check-in/door {"door":"${DOOR}","memberIds":[${child.id}]}`)
  })

  it('too early: says when check-in opens, and the tap can be tried again', async () => {
    open(() => {
      throw new GatewayError('refused', {
        code: 40942,
        msg: '还没到签到时间，18:30 开始签到',
        data: null,
        unauthorized: false,
      })
    })
    fireEvent.click(await screen.findByTestId('door-submit'))
    expect(await screen.findByTestId('action-failure')).toHaveProperty(
      'textContent',
      '还没到签到时间，18:30 开始签到',
    )
    expect(screen.getByTestId('door-submit')).toHaveProperty('disabled', false)
  })

  it('a link without a door code says to scan again, with nothing to tap', async () => {
    const { services } = open(() => null, '/check-in')
    expect(await screen.findByText('这个链接没有门店签到码，请重新扫描门口的二维码。')).toBeTruthy()
    expect(screen.queryByTestId('door-submit')).toBeNull()
    expect(posts(services)).toEqual([])
  })
})
