import type {
  Booking,
  Bookings,
  CheckInCode,
  DoorCheckInResult,
  MemberList,
  MembershipCard,
} from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { DEMO_PHONE } from '../db/demo-data'
import { devGet, devPost } from '../testing/shop-helpers'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

// Issue 30: check-in at the studio's door, both ways round, and attendance that counts.

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

const MINUTE = 60_000

/** A class open to any age starting in `minutes`, booked by the demo parent (for `memberId`, or themself). */
async function bookedClass(auth: string, minutes: number, memberId?: number) {
  const klass = await devPost<{ id: number }>(gw, '/classes', {
    startsInMinutes: minutes,
    durationMinutes: 60,
  })
  return bookClass(auth, klass.id, memberId)
}

async function bookClass(auth: string, classId: number, memberId?: number): Promise<Booking> {
  const res = await gw.call<Booking>('POST', '/bookings', { auth, body: { classId, memberId } })
  expect(res.body.code).toBe(200)
  return res.body.data
}

const code = (auth: string, bookingId: number) =>
  gw.call<CheckInCode>('GET', `/bookings/${bookingId}/check-in`, { auth })

async function scan(payload: string, orgId?: string) {
  const res = await fetch(`${gw.apiUrl}/__dev/front-desk/check-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload, orgId }),
  })
  return (await res.json()) as {
    code?: number
    msg?: string
    checkedIn?: { memberName: string; bookingId: number }
  }
}

async function bookingNow(auth: string, id: number): Promise<Booking | undefined> {
  const { upcoming, past } = (await gw.call<Bookings>('GET', '/bookings', { auth })).body.data
  return [...upcoming, ...past].find((item) => item.id === id)
}

describe('the check-in code, scanned by the front desk', () => {
  test('shown from 30 minutes before the start; scanned, the booking is attended; scanned again, a replay', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const booking = await bookedClass(auth, 45)
    expect(booking.checkIn.checkedInAt).toBeNull()
    const early = await code(auth, booking.id)
    expect(early.body).toMatchObject({ code: 40942, data: { opensAt: booking.checkIn.opensAt } })
    gw.clock.advance(20 * MINUTE)
    const shown = await code(auth, booking.id)
    expect(shown.body.code).toBe(200)
    expect(shown.body.data.payload).toMatch(/^XDC1\.\w+\.\d+\.\d+\.[\w-]{22}$/)
    expect(shown.body.data.payload.length).toBeLessThanOrEqual(60)
    const scanned = await scan(shown.body.data.payload)
    expect(scanned.checkedIn).toMatchObject({ bookingId: booking.id, memberName: '小舞' })
    const after = await bookingNow(auth, booking.id)
    expect(after?.attendance).toBe('attended')
    expect(after?.checkIn.checkedInAt).not.toBeNull()
    expect(await scan(shown.body.data.payload)).toMatchObject({ code: 40943, msg: '该预约已签到' })
    // The page stops showing a code for a booking already in.
    expect((await code(auth, booking.id)).body.code).toBe(40943)
  })

  test('a code two minutes old is expired (a screenshot); a fresh one works', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const booking = await bookedClass(auth, 10)
    const old = (await code(auth, booking.id)).body.data.payload
    gw.clock.advance(2 * MINUTE + 1000)
    expect(await scan(old)).toMatchObject({ code: 40941 })
    const fresh = (await code(auth, booking.id)).body.data.payload
    expect(fresh).not.toBe(old)
    expect((await scan(fresh)).checkedIn?.bookingId).toBe(booking.id)
  })

  test('after the window closes, no code is shown and none is taken', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const booking = await bookedClass(auth, 10)
    gw.clock.advance(10 * MINUTE + 14 * MINUTE)
    const last = (await code(auth, booking.id)).body.data
    expect(Date.parse(last.expiresAt)).toBe(Date.parse(last.closesAt))
    gw.clock.advance(2 * MINUTE)
    expect((await code(auth, booking.id)).body).toMatchObject({ code: 40941, msg: '已过签到时间' })
    expect(await scan(last.payload)).toMatchObject({ code: 40941 })
  })

  test('a forged, altered or foreign-studio code is refused with its own code', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const booking = await bookedClass(auth, 10)
    const payload = (await code(auth, booking.id)).body.data.payload
    const parts = payload.split('.')
    const otherBooking = [parts[0], parts[1], String(booking.id + 1), parts[3], parts[4]].join('.')
    expect(await scan('hello')).toMatchObject({ code: 40945 })
    expect(await scan(otherBooking)).toMatchObject({ code: 40945 })
    expect(await scan(`${payload.slice(0, -1)}${payload.endsWith('A') ? 'B' : 'A'}`)).toMatchObject({
      code: 40945,
    })
    expect(await scan(payload, '99999')).toMatchObject({ code: 40944 })
    // None of them checked anyone in.
    expect((await bookingNow(auth, booking.id))?.checkIn.checkedInAt).toBeNull()
  })

  test('a cancelled booking’s code is refused; another customer cannot read one’s code', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const booking = await bookedClass(auth, 10)
    const payload = (await code(auth, booking.id)).body.data.payload
    const other = await gw.signIn('13900001111')
    expect((await code(other, booking.id)).body.code).toBe(40401)
    await devPost(gw, `/classes/${booking.classId}/cancel`)
    expect(await scan(payload)).toMatchObject({ code: 40946 })
  })
})

describe('the studio’s door code, scanned by the customer', () => {
  test('one member booked now: checked in; several: asked to choose, then each chosen one', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    await devPost(gw, '/cards', { phone: DEMO_PHONE, family: true, credits: 5 })
    const members = (await gw.call<MemberList>('GET', '/me/members', { auth })).body.data.list
    const child = members.find((member) => !member.self)
    const { door, path } = await devGet<{ door: string; path: string }>(gw, '/front-desk/door')
    expect(path).toBe(`/check-in?door=${encodeURIComponent(door)}`)
    const parent = await bookedClass(auth, 20)
    const kid = await bookClass(auth, parent.classId, child?.id)
    const asked = await gw.call<DoorCheckInResult>('POST', '/check-in/door', { auth, body: { door } })
    expect(asked.body.data.checkedIn).toEqual([])
    expect(asked.body.data.choose.map((item) => item.member.name).sort()).toEqual(
      [child?.name, '小舞'].sort(),
    )
    const chosen = await gw.call<DoorCheckInResult>('POST', '/check-in/door', {
      auth,
      body: { door, memberIds: [child?.id] },
    })
    expect(chosen.body.data.checkedIn.map((item) => [item.id, item.attendance])).toEqual([
      [kid.id, 'attended'],
    ])
    // Only the parent is left: no question.
    const rest = await gw.call<DoorCheckInResult>('POST', '/check-in/door', { auth, body: { door } })
    expect(rest.body.data.checkedIn.map((item) => item.id)).toEqual([parent.id])
    expect((await gw.call('POST', '/check-in/door', { auth, body: { door } })).body.code).toBe(40947)
  })

  test('too early says when it opens; nothing booked says so; signed out, forged: refused', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const { door } = await devGet<{ door: string }>(gw, '/front-desk/door')
    const other = await gw.signIn('13900001111')
    expect((await gw.call('POST', '/check-in/door', { auth: other, body: { door } })).body.code).toBe(40947)
    const booking = await bookedClass(auth, 90)
    const early = await gw.call('POST', '/check-in/door', { auth, body: { door } })
    expect(early.body).toMatchObject({ code: 40942, data: { opensAt: booking.checkIn.opensAt } })
    expect((await gw.call('POST', '/check-in/door', { body: { door } })).body.code).toBe(401)
    expect((await gw.call('POST', '/check-in/door', { auth, body: { door: `${door}x` } })).body.code).toBe(
      40945,
    )
    expect((await gw.call('POST', '/check-in/door', { auth, body: {} })).body.code).toBe(40001)
  })
})

describe('attendance that counts', () => {
  async function creditsOf(auth: string, cardId: number): Promise<number | undefined> {
    const cards = (await gw.call<{ list: MembershipCard[] }>('GET', '/cards', { auth })).body.data.list
    return cards.find((card) => card.id === cardId)?.creditsLeft
  }

  test('a booking that ends unscanned is missed; the studio’s forfeit rule keeps the credit spent', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const booking = await bookedClass(auth, 10)
    const left = await creditsOf(auth, booking.cardId)
    gw.clock.advance(71 * MINUTE)
    const tick = await devPost<{ missedClasses: number }>(gw, '/scheduler/tick')
    expect(tick.missedClasses).toBeGreaterThanOrEqual(1)
    expect((await bookingNow(auth, booking.id))?.attendance).toBe('missed')
    expect(await creditsOf(auth, booking.cardId)).toBe(left)
  })

  test('under the return rule the credit goes back, once, however often the scheduler runs', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    expect(await devPost(gw, '/studio/check-in', { missedClass: 'return' })).toMatchObject({
      missedClass: 'return',
    })
    const org = await gw.call<{ rules: { missedClass: string } }>('GET', '/org')
    expect(org.body.data.rules.missedClass).toBe('return')
    const booking = await bookedClass(auth, 10)
    const attended = await bookedClass(auth, 12)
    const left = await creditsOf(auth, booking.cardId)
    gw.clock.advance(20 * MINUTE)
    expect((await scan((await code(auth, attended.id)).body.data.payload)).checkedIn).toBeDefined()
    gw.clock.advance(60 * MINUTE)
    await devPost(gw, '/scheduler/tick')
    await devPost(gw, '/scheduler/tick')
    expect((await bookingNow(auth, booking.id))?.attendance).toBe('missed')
    expect((await bookingNow(auth, attended.id))?.attendance).toBe('attended')
    expect(await creditsOf(auth, booking.cardId)).toBe((left ?? 0) + 1)
  })

  test('the studio’s rules are checked: bad values refused with 40001', async () => {
    gw = await startTestGateway()
    const res = await fetch(`${gw.apiUrl}/__dev/studio/check-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ missedClass: 'refund' }),
    })
    expect(((await res.json()) as { code: number }).code).toBe(40001)
    expect(await devGet(gw, '/studio/check-in')).toEqual({
      checkInBeforeMinutes: 30,
      checkInAfterMinutes: 15,
      missedClass: 'forfeit',
    })
  })
})
