import type { Booking, CardUses, ClassList, Member, MemberList, MembershipCard } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { DEMO_CHILD, DEMO_PHONE } from '../db/demo-data'
import { devPost } from '../testing/shop-helpers'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

// Issue 30: a parent books for a child. The demo parent (DEMO_PHONE, 小舞) has a child, 小米, 5 this year; the demo
// week has a ballet class for ages 4-6 on Saturday 7 June and a hip-hop class for 7-12 on Sunday 8 June, at 17:00.

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

const SATURDAY = '2025-06-07'
const SUNDAY = '2025-06-08'

async function start() {
  gw = await startTestGateway()
  const auth = await gw.signIn(DEMO_PHONE)
  return auth
}

async function members(auth: string): Promise<Member[]> {
  return (await gw.call<MemberList>('GET', '/me/members', { auth })).body.data.list
}

async function childId(auth: string): Promise<number> {
  const child = (await members(auth)).find((member) => !member.self)
  if (!child) throw new Error('the demo parent has no child')
  return child.id
}

/** The class of `day` with an age range (the children's class), or the first one open to any age. */
async function classOf(day: string, children: boolean): Promise<number> {
  const list = (await gw.call<ClassList>('GET', `/classes?from=${day}&to=${day}`)).body.data.list
  const found = list.find((item) => (item.ages !== null) === children && item.status === 'open')
  if (!found) throw new Error(`no ${children ? "children's" : 'open'} class on ${day}`)
  return found.id
}

async function familyCard(): Promise<number> {
  const granted = await devPost<{ cardId: number; family: boolean }>(gw, '/cards', {
    phone: DEMO_PHONE,
    credits: 10,
    name: '家庭卡',
    family: true,
  })
  expect(granted.family).toBe(true)
  return granted.cardId
}

const book = (auth: string, body: Record<string, unknown>) =>
  gw.call<Booking>('POST', '/bookings', { auth, body })

describe('members', () => {
  test('the family lists the customer first (named by their nickname), then the others', async () => {
    const auth = await start()
    const list = await members(auth)
    expect(list.map((member) => [member.name, member.self, member.birthYear])).toEqual([
      ['小舞', true, null],
      [DEMO_CHILD.name, false, 2025 - DEMO_CHILD.age],
    ])
  })

  test('a member is added, trimmed, and edited; the own row renames the customer', async () => {
    const auth = await start()
    const added = await gw.call<Member>('POST', '/me/members', {
      auth,
      body: { name: ' 小豆 ', birthYear: 2017 },
    })
    expect(added.body.data).toMatchObject({ name: '小豆', birthYear: 2017, self: false, upcomingBookings: 0 })
    const edited = await gw.call<Member>('POST', `/me/members/${added.body.data.id}`, {
      auth,
      body: { name: '小豆子', birthYear: null },
    })
    expect(edited.body.data).toMatchObject({ name: '小豆子', birthYear: null })
    const self = (await members(auth))[0]
    await gw.call('POST', `/me/members/${self?.id}`, { auth, body: { name: '舞妈', birthYear: 1990 } })
    expect((await gw.call<{ nickname: string }>('GET', '/me', { auth })).body.data.nickname).toBe('舞妈')
    expect((await members(auth)).map((member) => member.name)).toEqual(['舞妈', DEMO_CHILD.name, '小豆子'])
  })

  test.each([
    [{ name: '' }, '学员姓名不能为空'],
    [{ name: '一'.repeat(21) }, '学员姓名最多 20 个字'],
    [{ name: '小豆', birthYear: 1899 }, 'birthYear 不能早于 1900'],
    [{ name: '小豆', birthYear: 2026 }, '出生年份不能晚于 2025'],
    [{ name: '小豆', birthYear: '2019' }, 'birthYear 必须是年份'],
  ])('refuses %j with 40001 and says why', async (body, msg) => {
    const auth = await start()
    const res = await gw.call('POST', '/me/members', { auth, body })
    expect(res.body).toMatchObject({ code: 40001, msg })
    expect(await members(auth)).toHaveLength(2)
  })

  test('a family keeps at most 8 members, the customer included', async () => {
    const auth = await start()
    for (let i = 0; i < 6; i++) {
      expect((await gw.call('POST', '/me/members', { auth, body: { name: `孩子${i}` } })).body.code).toBe(200)
    }
    const ninth = await gw.call('POST', '/me/members', { auth, body: { name: '第九位' } })
    expect(ninth.body).toMatchObject({ code: 40001, msg: '最多 8 位学员' })
  })

  test('another customer’s member is not found; the calls need a sign-in', async () => {
    const auth = await start()
    const other = await gw.signIn('13900001111')
    const id = await childId(auth)
    expect((await gw.call('POST', `/me/members/${id}`, { auth: other, body: { name: 'x' } })).body.code).toBe(
      40401,
    )
    expect((await gw.call('POST', `/me/members/${id}/remove`, { auth: other })).body.code).toBe(40401)
    expect((await gw.call('GET', '/me/members')).body.code).toBe(401)
    // A new customer's family is themself.
    expect((await gw.call<MemberList>('GET', '/me/members', { auth: other })).body.data.list).toMatchObject([
      { self: true },
    ])
  })
})

describe('booking for a member', () => {
  test('a child is booked into her age’s class on the family card; the booking and the notice name her', async () => {
    const auth = await start()
    const cardId = await familyCard()
    const kid = await childId(auth)
    const classId = await classOf(SATURDAY, true)
    const res = await book(auth, { classId, memberId: kid })
    expect(res.body.code).toBe(200)
    expect(res.body.data).toMatchObject({ cardId, member: { id: kid, name: DEMO_CHILD.name, self: false } })
    expect(res.body.data.class.ages).toEqual({ min: 4, max: 6 })
    const notices = await gw.call<{ list: { body: string }[] }>('GET', '/notices', { auth })
    expect(notices.body.data.list[0]?.body).toContain(`为「${DEMO_CHILD.name}」预约`)
    const bookings = await gw.call<{ upcoming: Booking[] }>('GET', '/bookings', { auth })
    expect(bookings.body.data.upcoming.find((item) => item.id === res.body.data.id)?.member.name).toBe(
      DEMO_CHILD.name,
    )
    // Once per member: the same child again is refused, naming her.
    const again = await book(auth, { classId, memberId: kid })
    expect(again.body).toMatchObject({ code: 40902, msg: `已为「${DEMO_CHILD.name}」预约过该课程` })
  })

  test('the same class is booked once per member: parent and child side by side', async () => {
    const auth = await start()
    await familyCard()
    const kid = await childId(auth)
    // A class open to any age on Saturday.
    const classId = await classOf(SATURDAY, false)
    const forParent = await book(auth, { classId })
    const forChild = await book(auth, { classId, memberId: kid })
    expect([forParent.body.code, forChild.body.code]).toEqual([200, 200])
    expect([forParent.body.data.member.self, forChild.body.data.member.self]).toEqual([true, false])
    expect(forChild.body.data.class.booked).toBe(forParent.body.data.class.booked + 1)
  })

  test('a member outside the class’s ages is refused by the gateway, with the range and her age', async () => {
    const auth = await start()
    await familyCard()
    const res = await book(auth, { classId: await classOf(SUNDAY, true), memberId: await childId(auth) })
    expect(res.body).toMatchObject({
      code: 40908,
      tips: `该课程适合 7-12 岁，「${DEMO_CHILD.name}」${DEMO_CHILD.age} 岁`,
      data: { min: 7, max: 12, age: DEMO_CHILD.age },
    })
    // The parent, with no birth year, is asked for one; an adult's year is refused outright.
    const parent = await book(auth, { classId: await classOf(SATURDAY, true) })
    expect(parent.body).toMatchObject({ code: 40908, msg: '请先填写「小舞」的出生年份' })
    const self = (await members(auth))[0]
    await gw.call('POST', `/me/members/${self?.id}`, { auth, body: { name: '小舞', birthYear: 1990 } })
    expect((await book(auth, { classId: await classOf(SATURDAY, true) })).body.code).toBe(40908)
  })

  test('a card that is not a family card pays only for the holder: named or picked, 40909', async () => {
    const auth = await start()
    const kid = await childId(auth)
    const classId = await classOf(SATURDAY, true)
    const cards = (await gw.call<{ list: MembershipCard[] }>('GET', '/cards', { auth })).body.data.list
    const own = cards.find((card) => card.status === 'active')
    expect(own?.family).toBe(false)
    expect((await book(auth, { classId, memberId: kid, cardId: own?.id })).body.code).toBe(40909)
    expect((await book(auth, { classId, memberId: kid })).body.code).toBe(40909)
    // Nothing was taken.
    const after = (await gw.call<{ list: MembershipCard[] }>('GET', '/cards', { auth })).body.data.list
    expect(after.find((card) => card.id === own?.id)?.creditsLeft).toBe(own?.creditsLeft)
  })

  test('another family’s member cannot be booked for', async () => {
    const auth = await start()
    const other = await gw.signIn('13900001111')
    const classId = await classOf(SATURDAY, false)
    expect((await book(other, { classId, memberId: await childId(auth) })).body.code).toBe(40401)
  })
})

describe('removing a member', () => {
  test('refused while something is booked for them, done once it is cancelled; the customer stays', async () => {
    const auth = await start()
    await familyCard()
    const kid = await childId(auth)
    const booking = await book(auth, { classId: await classOf(SATURDAY, true), memberId: kid })
    const refused = await gw.call('POST', `/me/members/${kid}/remove`, { auth })
    expect(refused.body).toMatchObject({ code: 40910, data: { upcomingBookings: 1 } })
    await gw.call('POST', `/bookings/${booking.body.data.id}/cancel`, { auth })
    const removed = await gw.call<MemberList>('POST', `/me/members/${kid}/remove`, { auth })
    expect(removed.body.data.list.map((member) => member.self)).toEqual([true])
    // The cancelled booking keeps her name.
    const bookings = await gw.call<{ upcoming: Booking[] }>('GET', '/bookings', { auth })
    expect(bookings.body.data.upcoming.find((item) => item.id === booking.body.data.id)?.member.name).toBe(
      DEMO_CHILD.name,
    )
    const self = removed.body.data.list[0]
    expect((await gw.call('POST', `/me/members/${self?.id}/remove`, { auth })).body).toMatchObject({
      code: 40001,
      msg: '不能移除本人',
    })
  })
})

describe('the schedule by age', () => {
  test('GET /classes?age= keeps the classes whose range holds the age, and those open to any age', async () => {
    gw = await startTestGateway()
    const week = `/classes?from=${SATURDAY}&to=${SUNDAY}`
    const all = (await gw.call<ClassList>('GET', week)).body.data.list
    const five = (await gw.call<ClassList>('GET', `${week}&age=5`)).body.data.list
    const ten = (await gw.call<ClassList>('GET', `${week}&age=10`)).body.data.list
    const titled = (list: ClassList['list']) => list.filter((item) => item.ages).map((item) => item.ages)
    expect(titled(all)).toEqual([
      { min: 4, max: 6 },
      { min: 7, max: 12 },
    ])
    expect(titled(five)).toEqual([{ min: 4, max: 6 }])
    expect(titled(ten)).toEqual([{ min: 7, max: 12 }])
    expect(five.length).toBe(all.length - 1)
    expect((await gw.call('GET', `${week}&age=abc`)).body.code).toBe(40001)
    expect((await gw.call('GET', `${week}&age=121`)).body.code).toBe(40001)
  })
})

describe('notices name the member', () => {
  test('the reminder, a change and a cancellation of the child’s class name her; the parent’s own do not', async () => {
    const auth = await start()
    await familyCard()
    const kid = await childId(auth)
    const staged = await devPost<{ id: number }>(gw, '/classes', { startsInMinutes: 60 })
    await book(auth, { classId: staged.id, memberId: kid })
    await book(auth, { classId: staged.id })
    await devPost(gw, '/scheduler/tick')
    await devPost(gw, `/classes/${staged.id}/change`, { room: 'B 教室' })
    await devPost(gw, `/classes/${staged.id}/cancel`)
    const notices = (await gw.call<{ list: { kind: string; body: string }[] }>('GET', '/notices', { auth }))
      .body.data.list
    const bodies = (kind: string) =>
      notices.filter((notice) => notice.kind === kind).map((notice) => notice.body)
    for (const kind of ['class-reminder', 'class-changed', 'class-cancelled']) {
      const named = bodies(kind).filter((body) => body.includes(DEMO_CHILD.name))
      expect([kind, bodies(kind).length, named.length]).toEqual([kind, 2, 1])
    }
  })
})

describe('a card’s history', () => {
  test('each use of a family card: whom for, the credits and what came of it, latest first', async () => {
    const auth = await start()
    const cardId = await familyCard()
    const kid = await childId(auth)
    const first = await book(auth, { classId: await classOf(SATURDAY, true), memberId: kid })
    const second = await book(auth, { classId: await classOf(SUNDAY, false), cardId })
    await gw.call('POST', `/bookings/${second.body.data.id}/cancel`, { auth })
    const uses = await gw.call<CardUses>('GET', `/cards/${cardId}/uses`, { auth })
    expect(uses.body.data.card).toMatchObject({ id: cardId, family: true, creditsLeft: 9 })
    expect(
      uses.body.data.list.map((use) => [use.bookingId, use.memberName, use.credits, use.outcome]),
    ).toEqual([
      [second.body.data.id, '小舞', 1, 'cancelled'],
      [first.body.data.id, DEMO_CHILD.name, 1, 'booked'],
    ])
    const other = await gw.signIn('13900001111')
    expect((await gw.call('GET', `/cards/${cardId}/uses`, { auth: other })).body.code).toBe(40401)
  })
})
