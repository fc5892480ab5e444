// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Notice } from '@xdance/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { notice } from '../../testing/fixtures'
import { testServices } from '../../testing/services'

const SIGNED_IN = { 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' }

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

function open(path: string, start: Notice[]) {
  browser = installFakeBrowser(SIGNED_IN)
  let list = start
  const unread = () => list.filter((item) => !item.read).length
  const services = testServices({
    answers: {
      'GET /notices': () => ({ list, unread: unread() }),
      'POST /notices/1/read': () => {
        list = list.map((item) => (item.id === 1 ? { ...item, read: true } : item))
        return list[0]
      },
      'POST /notices/read-all': () => {
        const updated = unread()
        list = list.map((item) => ({ ...item, read: true }))
        return { updated }
      },
      'GET /me': () => ({
        nickname: '小舞',
        phone: '138****8000',
        upcomingBookings: 0,
        activeCards: 1,
        unreadNotices: unread(),
      }),
      'GET /bookings': { upcoming: [], past: [] },
    },
  })
  return { services, ...renderApp(path, services) }
}

const NOTICES = [
  notice(),
  notice({ id: 2, kind: 'order-paid', title: '支付成功', body: '10 次卡已到账', classId: null, orderId: 5 }),
  notice({ id: 3, kind: 'booking-confirmed', title: '预约成功', read: true }),
]

describe('the notices', () => {
  it('lists them with the unread ones marked and links to what they are about', async () => {
    open('/notices', NOTICES)
    const items = await screen.findAllByTestId('notice')
    expect(items.map((item) => item.dataset.read)).toEqual(['false', 'false', 'true'])
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: '查看课程' })
        .getAttribute('href'),
    ).toBe('/classes/7')
    expect(
      within(items[1] as HTMLElement)
        .getByRole('link', { name: '查看订单' })
        .getAttribute('href'),
    ).toBe('/orders/5')
  })

  it('shows the class a notice is about as it is now, so an old confirmation does not say booked after a cancel', async () => {
    open('/notices', [
      notice({
        id: 5,
        kind: 'class-cancelled',
        title: '课程已取消',
        class: {
          title: 'Waacking',
          startsAt: '2025-06-04T19:00:00+08:00',
          room: 'A 教室',
          ended: false,
          cancelled: true,
          mine: 'cancelled',
        },
      }),
      notice({
        id: 4,
        kind: 'booking-cancelled',
        title: '预约已取消',
        class: {
          title: 'Jazz',
          startsAt: '2025-06-03T19:00:00+08:00',
          room: 'B 教室',
          ended: false,
          cancelled: false,
          mine: 'cancelled',
        },
      }),
      notice({
        id: 3,
        kind: 'booking-confirmed',
        title: '预约成功',
        class: {
          title: 'Jazz',
          startsAt: '2025-06-03T19:00:00+08:00',
          room: 'B 教室',
          ended: false,
          cancelled: false,
          mine: 'cancelled',
        },
      }),
      notice({
        id: 1,
        title: '课程有变动',
        class: {
          title: 'Hip-hop',
          startsAt: '2025-06-01T19:00:00+08:00',
          room: 'A 教室',
          ended: true,
          cancelled: false,
          mine: 'booked',
        },
      }),
    ])
    const states = await screen.findAllByTestId('notice-class')
    expect(states.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^课程现在：课程已取消 · 6月4日周三 19:00 · A 教室$/),
      expect.stringMatching(/^课程现在：预约已取消 · 6月3日周二 19:00 · B 教室$/),
      expect.stringMatching(/^课程现在：预约已取消 · /),
      expect.stringMatching(/^课程现在：已结束 · 6月1日周日 19:00 · A 教室$/),
    ])
  })

  it('marks one read', async () => {
    const { services } = open('/notices', NOTICES)
    const [first] = await screen.findAllByTestId('notice')
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: '标为已读' }))
    await waitFor(() => expect(screen.getAllByTestId('notice')[0]?.dataset.read).toBe('true'))
    expect(services.client.calls).toContain('POST /notices/1/read')
  })

  it('marks all read, and the button goes', async () => {
    const { services } = open('/notices', NOTICES)
    fireEvent.click(await screen.findByRole('button', { name: '全部已读' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull())
    expect(screen.getAllByTestId('notice').map((item) => item.dataset.read)).toEqual(['true', 'true', 'true'])
    expect(services.client.calls).toContain('POST /notices/read-all')
  })

  it('says so when there are none', async () => {
    open('/notices', [])
    expect(await screen.findByText('暂时没有消息。')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull()
  })
})

describe('the profile tab’s unread count', () => {
  it('shows the count from the gateway, named for screen readers, and clears once all are read', async () => {
    open('/notices', NOTICES)
    const badge = await screen.findByTestId('unread-badge')
    expect(badge.textContent).toContain('2')
    expect(screen.getByRole('link', { name: /我的.*2 条未读/ })).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: '全部已读' }))
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull())
  })

  it('is not asked again on every page while fresh', async () => {
    const { services, router } = open('/bookings', NOTICES)
    await screen.findByTestId('unread-badge')
    await router.navigate('/bookings?tab=past')
    await router.navigate('/bookings')
    expect(services.client.calls.filter((call) => call === 'GET /me')).toHaveLength(1)
  })

  it('is not asked for signed out', async () => {
    browser = installFakeBrowser({})
    const services = testServices({ answers: { 'GET /products': { list: [] } } })
    renderApp('/shop', services)
    await screen.findByText('暂时没有在售的会员卡。')
    expect(services.client.calls).toEqual(['GET /products'])
  })
})
