import type { Booking, Notice } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { noticeRoute } from '../services/notices'
import { devGet, devPost, startManualGateway } from '../testing/shop-helpers'
import type { TestGateway } from '../testing/test-gateway'

let gw: TestGateway & { tick(): void }

afterEach(async () => {
  await gw?.close()
})

const PHONE = '13612345678'
type Outbox = Array<{ kind: string; channel: string; templateId: string; recipient: string }>

async function booked(startsInMinutes = 24 * 60) {
  gw = await startManualGateway()
  await devPost(gw, '/cards', { phone: PHONE, credits: 5 })
  const auth = await gw.signIn(PHONE)
  const { id } = await devPost<{ id: number }>(gw, '/classes', {
    startsInMinutes,
    title: 'Jazz',
    room: 'A 教室',
  })
  const booking = (await gw.call<Booking>('POST', '/bookings', { auth, body: { classId: id } })).body.data
  return { auth, classId: id, booking }
}
const notices = async (auth: string) =>
  (await gw.call<{ list: Notice[] }>('GET', '/notices', { auth })).body.data.list

describe('notices that follow state', () => {
  test('cancelling sends one booking-cancelled notice, and the confirmation now says the booking is cancelled', async () => {
    const { auth, classId, booking } = await booked()
    await gw.call('POST', `/bookings/${booking.id}/cancel`, { auth })
    await gw.call('POST', `/bookings/${booking.id}/cancel`, { auth })
    const list = await notices(auth)
    expect(list.map((n) => n.kind)).toEqual(['booking-cancelled', 'booking-confirmed'])
    expect(list[0]?.body).toContain('1 次已退回')
    // Both notices are about the class as it is now: nothing says "booked" any more.
    for (const notice of list) {
      expect(notice.classId).toBe(classId)
      expect(notice.class).toMatchObject({ title: 'Jazz', room: 'A 教室', ended: false, mine: 'cancelled' })
    }
    gw.tick()
    const outbox = await devGet<Outbox>(gw, '/outbox')
    expect(outbox.filter((m) => m.kind === 'booking-cancelled')).toEqual([
      expect.objectContaining({ channel: 'sms', templateId: 'SMS_BOOKING_CANCELLED', recipient: PHONE }),
    ])
  })

  test('the studio moves a class: each booked customer is told once, and the notice shows the new time and room', async () => {
    const { auth, classId } = await booked()
    const first = await devPost<{ told: number }>(gw, `/classes/${classId}/change`, {
      startsInMinutes: 26 * 60,
      room: 'B 教室',
    })
    expect(first).toEqual({ told: 1 })
    // The same state again changes nothing and tells nobody.
    expect(await devPost(gw, `/classes/${classId}/change`, { room: 'B 教室' })).toEqual({ told: 0 })
    const changed = (await notices(auth)).filter((n) => n.kind === 'class-changed')
    expect(changed).toHaveLength(1)
    expect(changed[0]?.body).toBe('「Jazz」（原 6月3日 10:00）时间改为 6月3日 12:00，教室改为 B 教室。')
    expect(changed[0]?.class).toMatchObject({
      startsAt: '2025-06-03T12:00:00+08:00',
      room: 'B 教室',
      mine: 'booked',
    })
    // The confirmation written before the change shows the class as it is now too.
    const confirmed = (await notices(auth)).find((n) => n.kind === 'booking-confirmed')
    expect(confirmed?.class).toMatchObject({ startsAt: '2025-06-03T12:00:00+08:00', room: 'B 教室' })
    expect((await devPost<{ code: number }>(gw, '/classes/99999/change', { room: 'C' })).code).toBe(40401)
  })

  test('a notice that is not about a class has no class', async () => {
    const { auth } = await booked()
    const order = await gw.call<{ id: number; payCode: string }>('POST', '/orders', {
      auth,
      body: { productId: 2 },
    })
    await devPost(gw, '/front-desk/pay', { payCode: order.body.data.payCode })
    const paid = (await notices(auth)).find((n) => n.kind === 'order-paid')
    expect(paid?.class).toBeNull()
  })
})

describe('the reminder lead time, a studio setting', () => {
  test('with 30 minutes the reminder waits until 30 minutes before class, then goes once', async () => {
    gw = await startManualGateway({ reminderMinutes: 30 })
    await devPost(gw, '/cards', { phone: PHONE, credits: 5 })
    const auth = await gw.signIn(PHONE)
    const { id } = await devPost<{ id: number }>(gw, '/classes', { startsInMinutes: 3 * 60 })
    await gw.call('POST', '/bookings', { auth, body: { classId: id } })
    const reminders = async () => (await notices(auth)).filter((n) => n.kind === 'class-reminder').length
    // Two hours before: the default would remind now; this studio waits.
    await devPost(gw, '/clock', { advanceMs: 60 * 60_000 })
    expect(await reminders()).toBe(0)
    await devPost(gw, '/clock', { advanceMs: 90 * 60_000 })
    await devPost(gw, '/clock', { advanceMs: 60_000 })
    expect(await reminders()).toBe(1)
  })

  test('the studio’s own lead time (set through the dev API) wins over the gateway’s, on the studio clock', async () => {
    gw = await startManualGateway({ reminderMinutes: 30 })
    expect(await devGet(gw, '/studio/reminder')).toEqual({ reminderMinutes: 30, own: null })
    expect(await devPost(gw, '/studio/reminder', { reminderMinutes: 240 })).toEqual({
      reminderMinutes: 240,
      own: 240,
    })
    await devPost(gw, '/cards', { phone: PHONE, credits: 5 })
    const auth = await gw.signIn(PHONE)
    const { id } = await devPost<{ id: number }>(gw, '/classes', { startsInMinutes: 5 * 60 })
    await gw.call('POST', '/bookings', { auth, body: { classId: id } })
    const reminders = async () => (await notices(auth)).filter((n) => n.kind === 'class-reminder').length
    // 4 h 1 min before class: not yet; 4 h before (the studio's 240 minutes, not the gateway's 30): one reminder.
    await devPost(gw, '/clock', { advanceMs: 59 * 60_000 })
    expect(await reminders()).toBe(0)
    await devPost(gw, '/clock', { advanceMs: 60_000 })
    expect(await reminders()).toBe(1)
    await devPost(gw, '/clock', { advanceMs: 4 * 60 * 60_000 - 60_000 })
    expect(await reminders()).toBe(1)
    // Back to the gateway's setting; out of range is refused.
    expect(await devPost(gw, '/studio/reminder', { reminderMinutes: null })).toEqual({
      reminderMinutes: 30,
      own: null,
    })
    expect((await devPost<{ code: number }>(gw, '/studio/reminder', { reminderMinutes: 0 })).code).toBe(40001)
    expect((await devPost<{ code: number }>(gw, '/studio/reminder', {})).code).toBe(40001)
  })

  test('a studio with no setting of its own reminds 120 minutes before class (the default)', async () => {
    gw = await startManualGateway()
    expect(await devGet(gw, '/studio/reminder')).toEqual({ reminderMinutes: 120, own: null })
    await devPost(gw, '/cards', { phone: PHONE, credits: 5 })
    const auth = await gw.signIn(PHONE)
    const { id } = await devPost<{ id: number }>(gw, '/classes', { startsInMinutes: 3 * 60 })
    await gw.call('POST', '/bookings', { auth, body: { classId: id } })
    const reminders = async () => (await notices(auth)).filter((n) => n.kind === 'class-reminder')
    await devPost(gw, '/clock', { advanceMs: 59 * 60_000 })
    expect(await reminders()).toHaveLength(0)
    await devPost(gw, '/clock', { advanceMs: 60_000 })
    expect(await reminders()).toHaveLength(1)
  })

  test('a lead time out of 1 to 10 080 minutes is refused at start', async () => {
    await expect(startManualGateway({ reminderMinutes: 0 })).rejects.toMatchObject({
      code: 'INVALID_REMINDER',
    })
  })
})

describe('noticeRoute: a template message to a WeChat account, an SMS otherwise', () => {
  test.each([
    ['booking-confirmed', 'oWx1234567890abcdefghijklmno', 'wechat', 'TM_BOOKING_CONFIRMED'],
    ['booking-confirmed', 'o_gatewayMadeId12345', 'sms', 'SMS_BOOKING_CONFIRMED'],
    ['class-reminder', 'oWx1234567890abcdefghijklmno', 'wechat', 'TM_CLASS_REMINDER'],
    ['class-reminder', undefined, 'sms', 'SMS_CLASS_REMINDER'],
    ['class-changed', '', 'sms', 'SMS_CLASS_CHANGED'],
    // The account's WeChat is someone else's now: only an SMS reaches its owner.
    ['wechat-moved', 'oWx1234567890abcdefghijklmno', 'sms', 'SMS_WECHAT_MOVED'],
  ] as const)('%s to %s goes by %s (%s)', (kind, openId, channel, templateId) => {
    expect(noticeRoute(kind, openId)).toEqual({ channel, templateId })
  })
})

describe('attendance, marked by the studio', () => {
  test('a started class’s booking is marked attended or missed and shows so in the past bookings', async () => {
    const { auth, booking } = await booked(60)
    const early = await devPost<{ code: number }>(gw, `/bookings/${booking.id}/attendance`, {
      attended: true,
    })
    expect(early.code).toBe(40001)
    await devPost(gw, '/clock', { advanceMs: 2 * 60 * 60_000 })
    expect(await devPost(gw, `/bookings/${booking.id}/attendance`, { attended: false })).toEqual({ ok: true })
    const past = async () =>
      (await gw.call<{ past: Booking[] }>('GET', '/bookings', { auth })).body.data.past.map(
        (b) => b.attendance,
      )
    expect(await past()).toEqual(['missed'])
    await devPost(gw, `/bookings/${booking.id}/attendance`, { attended: true })
    expect(await past()).toEqual(['attended'])
    expect((await devPost<{ code: number }>(gw, '/bookings/99999/attendance', { attended: true })).code).toBe(
      40401,
    )
    expect((await devPost<{ code: number }>(gw, `/bookings/${booking.id}/attendance`, {})).code).toBe(40001)
  })
})

describe('the studio cancels a class', () => {
  test('bookings cancelled and refunded, the waitlist closed, each told once; the class leaves the schedule', async () => {
    const { auth, classId } = await booked()
    await devPost(gw, '/cards', { phone: '13612345679', credits: 5 })
    const waiter = await gw.signIn('13612345679')
    // Another class is full: the other customer waits for it.
    const full = await devPost<{ id: number }>(gw, '/classes', {
      startsInMinutes: 24 * 60,
      capacity: 1,
      booked: 1,
    })
    await gw.call('POST', `/classes/${full.id}/waitlist`, { auth: waiter, body: {} })
    const credits = async (who: string) =>
      (await gw.call<{ list: Array<{ creditsLeft: number }> }>('GET', '/cards', { auth: who })).body.data
        .list[0]?.creditsLeft
    expect(await credits(auth)).toBe(4)
    expect(await devPost(gw, `/classes/${classId}/cancel`, {})).toEqual({ told: 1 })
    expect(await devPost(gw, `/classes/${full.id}/cancel`, {})).toEqual({ told: 1 })
    expect(await devPost(gw, `/classes/${classId}/cancel`, {})).toEqual({ told: 0 })
    expect(await credits(auth)).toBe(5)
    const mine = await notices(auth)
    expect(mine[0]).toMatchObject({ kind: 'class-cancelled', class: { cancelled: true, mine: 'cancelled' } })
    expect(mine[0]?.body).toContain('1 次已退回')
    // The earlier confirmation does not say booked any more.
    expect(mine.find((n) => n.kind === 'booking-confirmed')?.class).toMatchObject({
      cancelled: true,
      mine: 'cancelled',
    })
    const theirs = await notices(waiter)
    expect(theirs).toEqual([
      expect.objectContaining({ kind: 'class-cancelled', class: expect.objectContaining({ mine: 'none' }) }),
    ])
    // Gone from the schedule; booking or waiting for it is refused.
    const week = await gw.call<{ list: Array<{ id: number }> }>('GET', '/classes')
    expect(week.body.data.list.map((c) => c.id)).not.toContain(classId)
    expect((await gw.call('POST', '/bookings', { auth, body: { classId } })).body.code).toBe(40401)
    expect(
      (await gw.call('POST', `/classes/${full.id}/waitlist`, { auth: waiter, body: {} })).body.code,
    ).toBe(40401)
    gw.tick()
    const outbox = await devGet<Outbox>(gw, '/outbox')
    expect(outbox.filter((m) => m.kind === 'class-cancelled')).toHaveLength(2)
  })

  test('a class that has started cannot be cancelled', async () => {
    const { classId } = await booked(30)
    await devPost(gw, '/clock', { advanceMs: 31 * 60_000 })
    expect(await devPost(gw, `/classes/${classId}/cancel`, {})).toMatchObject({ code: 40903 })
  })
})
