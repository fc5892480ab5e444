// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { Member, MembershipCard } from '@xdance/contract'
import ICAL from 'ical.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { booking, danceClass, member, membershipCard, studio } from '../../testing/fixtures'
import { testServices } from '../../testing/services'

const SIGNED_IN = { 'xdance-head': 'Bearer%20', 'xdance-token': 'tok' }

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
  vi.restoreAllMocks()
})

function open(
  item = danceClass(),
  {
    signedIn = true,
    cards = [membershipCard()],
    mode = 'web' as const,
    members = [member()],
    lastMember,
  }: {
    signedIn?: boolean
    cards?: MembershipCard[]
    mode?: 'web' | 'app'
    members?: Member[]
    lastMember?: number
  } = {},
) {
  browser = installFakeBrowser(signedIn ? SIGNED_IN : {})
  if (lastMember !== undefined) browser.localStorage.setItem('xdance-last-member', String(lastMember))
  const services = testServices({
    mode,
    answers: {
      'GET /classes/7': item,
      'GET /org': studio(),
      'GET /cards': { list: cards },
      'GET /me/members': { list: members },
      'POST /bookings': (body: { memberId?: number }) => {
        const { id, name, self } = members.find((m) => m.id === body.memberId) ?? member()
        return booking({ id: 11, cardId: 3, cardName: '20 次卡', member: { id, name, self } })
      },
      'POST /classes/7/waitlist': () => ({ ...item, myWaitlistPosition: 3 }),
      'POST /classes/7/waitlist/leave': () => ({ ...item, myWaitlistPosition: null }),
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

  it('offers to buy a card, coming back to this class, when no card can pay for it', async () => {
    open(danceClass({ credits: 2 }), { cards: [membershipCard({ creditsLeft: 1 })] })
    expect((await screen.findByTestId('no-card')).textContent).toContain('没有可用的会员卡')
    expect(screen.getByRole('link', { name: '购买会员卡' }).getAttribute('href')).toBe(
      '/shop?return=%2Fclasses%2F7',
    )
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
    // Nothing of the customer's: the class, the studio and (public) the teacher's ratings.
    await waitFor(() => expect(services.client.calls).toContain('GET /teachers/1/ratings'))
    expect(services.client.calls.filter((call) => !call.startsWith('GET /teachers/'))).toEqual([
      'GET /classes/7',
      'GET /org',
    ])
  })

  it('shows no sign-in link in app mode without a session (the native app signs in)', async () => {
    open(danceClass(), { signedIn: false, mode: 'app' as never })
    await screen.findByRole('heading', { name: 'Jazz', level: 1 })
    expect(screen.queryByRole('link', { name: '登录后预约' })).toBeNull()
  })
})

describe('the waitlist of a full class', () => {
  const full = { status: 'full' as const, remaining: 0, booked: 10, waitlistLength: 2 }

  it('offers to join with the chosen card, and joins', async () => {
    const { services } = open(danceClass(full), {
      cards: [membershipCard(), membershipCard({ id: 4, name: '10 次卡' })],
    })
    await screen.findByRole('heading', { name: '候补' })
    expect(screen.getByText(/已有 2 人候补/)).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: /10 次卡/ }))
    services.client.calls.length = 0
    fireEvent.click(screen.getByRole('button', { name: '加入候补' }))
    await waitFor(() => expect(services.client.calls).toContain('POST /classes/7/waitlist {"cardId":4}'))
  })

  it('offers to buy a card instead when no card could pay once promoted', async () => {
    open(danceClass(full), { cards: [] })
    expect(await screen.findByText('该课程已约满，看看其他时段吧。')).toBeTruthy()
    expect(screen.getByRole('link', { name: '购买会员卡' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '加入候补' })).toBeNull()
  })

  it('shows my place on the list and lets me leave it', async () => {
    const { services } = open(danceClass({ ...full, myWaitlistPosition: 2 }))
    expect((await screen.findByTestId('on-waitlist')).textContent).toContain('你在候补第 2 位')
    expect(screen.queryByRole('button', { name: '加入候补' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '退出候补' }))
    await waitFor(() => expect(services.client.calls).toContain('POST /classes/7/waitlist/leave'))
  })

  it('shows a seat won from the waitlist as booked', async () => {
    open(danceClass({ ...full, myBookingId: 12 }))
    expect(await screen.findByTestId('already-booked')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '加入候补' })).toBeNull()
  })
})

describe('the class page before booking', () => {
  it('states the cancellation rule in words and as this class’s deadline, above the booking form', async () => {
    open(danceClass({ startsAt: '2025-06-03T19:00:00+08:00', endsAt: '2025-06-03T20:00:00+08:00' }))
    const policy = await screen.findByTestId('cancel-policy')
    expect(policy.textContent).toContain('开课前 2 小时可免费取消')
    expect(policy.textContent).toContain('本节课 6月3日周二 17:00 前可免费取消')
    const form = screen.getByRole('button', { name: '确认预约' })
    expect(policy.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('states the rule to a signed-out visitor too, with the studio’s own cut-off', async () => {
    browser = installFakeBrowser({})
    renderApp(
      '/classes/7',
      testServices({
        answers: {
          'GET /classes/7': danceClass(),
          'GET /org': studio({ rules: { ...studio().rules, cancelCutoffMinutes: 90 } }),
        },
      }),
    )
    expect((await screen.findByTestId('cancel-policy')).textContent).toContain('开课前 90 分钟可免费取消')
    expect(screen.getByTestId('cancel-policy').textContent).toContain('17:30 前可免费取消')
  })

  it('links the teacher and shows the room and seats left', async () => {
    open(danceClass({ remaining: 4, booked: 6 }))
    const link = await screen.findByRole('link', { name: '林夏' })
    expect(link.getAttribute('href')).toBe('/teachers/1')
    expect(screen.getByText('A')).toBeTruthy()
    expect(screen.getByText('剩余 4 位')).toBeTruthy()
  })

  it('downloads the class as a calendar event that ical.js reads with its start and end', async () => {
    let blob: Blob | undefined
    vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
      blob = object as Blob
      return 'blob:test'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
    open(danceClass({ description: '从律动开始' }))
    fireEvent.click(await screen.findByRole('button', { name: '添加到日历' }))
    expect(clicked).toEqual(['xdance-class-7.ics'])
    expect(blob?.type).toBe('text/calendar;charset=utf-8')
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(await (blob as Blob).text())).getFirstSubcomponent('vevent') ?? undefined,
    )
    expect(event.startDate.toJSDate().toISOString()).toBe('2025-06-01T11:00:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2025-06-01T12:00:00.000Z')
    expect(event.summary).toBe('Jazz')
    expect(event.location).toBe('炫舞空间, 上海市静安区南京西路 1266 号, A')
    expect(event.description).toContain('开课前 2 小时可免费取消')
  })
})

describe('sharing a class', () => {
  const withNavigator = (values: { share?: unknown; clipboard?: unknown }) => {
    for (const [key, value] of Object.entries(values)) {
      const before = Object.getOwnPropertyDescriptor(navigator, key)
      Object.defineProperty(navigator, key, { value, configurable: true })
      afterEachRestore.push(() =>
        before ? Object.defineProperty(navigator, key, before) : Reflect.deleteProperty(navigator, key),
      )
    }
  }
  const afterEachRestore: Array<() => void> = []
  afterEach(() => {
    for (const restore of afterEachRestore.splice(0)) restore()
  })

  it('opens the system share sheet with the class’s link when there is one', async () => {
    const shared: ShareData[] = []
    withNavigator({ share: async (data: ShareData) => void shared.push(data) })
    open()
    fireEvent.click(await screen.findByRole('button', { name: '分享课程' }))
    await waitFor(() => expect(shared).toHaveLength(1))
    expect(shared[0]).toMatchObject({ title: 'Jazz', url: `${location.origin}/classes/7` })
  })

  it('copies the link and says so when there is no share sheet', async () => {
    const copied: string[] = []
    withNavigator({
      share: undefined,
      clipboard: { writeText: async (text: string) => void copied.push(text) },
    })
    open()
    fireEvent.click(await screen.findByRole('button', { name: '分享课程' }))
    expect(await screen.findByText('链接已复制，快去分享吧')).toBeTruthy()
    expect(copied).toEqual([`${location.origin}/classes/7`])
    expect(screen.queryByTestId('share-link')).toBeNull()
  })

  it('shows the link to copy by hand when neither a sheet nor the clipboard is there', async () => {
    withNavigator({ share: undefined, clipboard: undefined })
    open()
    fireEvent.click(await screen.findByRole('button', { name: '分享课程' }))
    const field = await screen.findByLabelText<HTMLInputElement>('课程链接')
    expect(field.value).toBe(`${location.origin}/classes/7`)
    expect(field.readOnly).toBe(true)
  })
})

describe('booking for a member of the family', () => {
  const child = member({ id: 2, name: '小米', birthYear: 2020, self: false })
  const kids = danceClass({ ages: { min: 4, max: 6 }, date: '2025-06-07' })
  const familyCard = membershipCard({ id: 5, name: '家庭卡', family: true })

  it('asks for whom; a children’s class offers the child only, on the family card, and books for her', async () => {
    const { services } = open(kids, { members: [member(), child], cards: [membershipCard(), familyCard] })
    expect(await screen.findByTestId('class-ages')).toHaveProperty('textContent', '4-6 岁')
    const parent = screen.getByRole('radio', { name: /小舞（本人）/ })
    expect(parent).toHaveProperty('disabled', true)
    expect(screen.getByText('未填出生年份')).toBeTruthy()
    expect(screen.getByRole('radio', { name: '小米' })).toHaveProperty('checked', true)
    // For the child, only the family card pays.
    expect(screen.queryByRole('radio', { name: /20 次卡/ })).toBeNull()
    expect(screen.getByRole('radio', { name: /家庭卡/ })).toHaveProperty('checked', true)
    fireEvent.click(screen.getByRole('button', { name: '确认预约' }))
    expect(await screen.findByTestId('booked-for')).toHaveProperty('textContent', '学员：小米')
    expect(services.client.calls).toContain('POST /bookings {"classId":7,"cardId":5,"memberId":2}')
  })

  it('for the child without a family card, says a family card is needed and offers the shop', async () => {
    open(kids, { members: [member(), child] })
    expect(await screen.findByTestId('no-family-card')).toBeTruthy()
    expect(screen.getByRole('button', { name: '确认预约' })).toHaveProperty('disabled', true)
  })

  it('when nobody in the family is of the class’s ages, says so with no form', async () => {
    open(kids, { members: [member(), member({ id: 2, name: '大宝', birthYear: 2012, self: false })] })
    expect(await screen.findByTestId('no-member-fits')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '确认预约' })).toBeNull()
  })

  it('a class for any age defaults to the member chosen last time', async () => {
    open(danceClass(), { members: [member(), child], cards: [familyCard], lastMember: 2 })
    expect(await screen.findByRole('radio', { name: '小米' })).toHaveProperty('checked', true)
    fireEvent.click(screen.getByRole('radio', { name: /小舞（本人）/ }))
    expect(screen.getByRole('radio', { name: /小舞（本人）/ })).toHaveProperty('checked', true)
  })
})
