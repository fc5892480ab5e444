import type { Booking, Bookings, TeacherRatings } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { DEMO_PHONE } from '../db/demo-data'
import { devPost } from '../testing/shop-helpers'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

// Issue 31: ratings after class. A class the member attended, rated once within 7 days of its end and changed
// within 24 hours; a teacher's average only from the third rating on.

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

const MINUTE = 60_000
const TEACHER = 2

/** A class of `TEACHER` starting in 5 minutes for an hour, booked by `auth`'s customer. */
async function booked(auth: string): Promise<Booking> {
  const klass = await devPost<{ id: number }>(gw, '/classes', {
    startsInMinutes: 5,
    durationMinutes: 60,
    teacherId: TEACHER,
    title: '街舞基础',
  })
  const res = await gw.call<Booking>('POST', '/bookings', { auth, body: { classId: klass.id } })
  expect(res.body.code).toBe(200)
  return res.body.data
}

async function scanIn(auth: string, bookingId: number): Promise<void> {
  const code = await gw.call<{ payload: string }>('GET', `/bookings/${bookingId}/check-in`, { auth })
  const scanned = await devPost<{ checkedIn?: unknown }>(gw, '/front-desk/check-in', {
    payload: code.body.data.payload,
  })
  expect(scanned.checkedIn).toBeDefined()
}

const rate = (auth: string, id: number, body: Record<string, unknown>) =>
  gw.call<Booking>('POST', `/bookings/${id}/rating`, { auth, body })

const mine = async (auth: string, id: number) => {
  const { upcoming, past } = (await gw.call<Bookings>('GET', '/bookings', { auth })).body.data
  return [...upcoming, ...past].find((item) => item.id === id)
}

const ratings = async () => (await gw.call<TeacherRatings>('GET', `/teachers/${TEACHER}/ratings`)).body.data

describe('rating a class', () => {
  test('attended and ended: 我的课程 asks once; the rating is kept, editable for 24 hours, then closed', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const booking = await booked(auth)
    await scanIn(auth, booking.id)
    expect((await rate(auth, booking.id, { stars: 5 })).body).toMatchObject({
      code: 40951,
      msg: '课程结束后才能评价',
    })
    gw.clock.advance(70 * MINUTE)
    expect((await mine(auth, booking.id))?.ratingPrompt).toBe(true)
    const rated = await rate(auth, booking.id, { stars: 4, comment: '  节奏很好\u0007，老师讲得清楚  ' })
    expect(rated.body.data.rating).toMatchObject({ stars: 4, comment: '节奏很好，老师讲得清楚' })
    expect(rated.body.data.ratingPrompt).toBe(false)
    gw.clock.advance(23 * 60 * MINUTE)
    expect((await rate(auth, booking.id, { stars: 5, comment: '改成五星' })).body.data.rating?.stars).toBe(5)
    gw.clock.advance(2 * 60 * MINUTE)
    expect((await rate(auth, booking.id, { stars: 1 })).body).toMatchObject({ code: 40952 })
    expect((await mine(auth, booking.id))?.rating).toMatchObject({ stars: 5, comment: '改成五星' })
  })

  test('not attended (booked, never checked in), or another’s booking: refused with a clear message', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const booking = await booked(auth)
    gw.clock.advance(70 * MINUTE)
    expect((await rate(auth, booking.id, { stars: 5 })).body).toMatchObject({
      code: 40951,
      msg: '上过这节课才能评价',
    })
    expect((await mine(auth, booking.id))?.ratingPrompt).toBe(false)
    const other = await gw.signIn('13900001111')
    expect((await rate(other, booking.id, { stars: 5 })).body.code).toBe(40401)
  })

  test('past the 7 days, refused; a dismissed prompt is not asked again', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const late = await booked(auth)
    await scanIn(auth, late.id)
    const dismissed = await booked(auth)
    await scanIn(auth, dismissed.id)
    gw.clock.advance(70 * MINUTE)
    const after = await gw.call<Booking>('POST', `/bookings/${dismissed.id}/rating/dismiss`, { auth })
    expect(after.body.data.ratingPrompt).toBe(false)
    expect((await mine(auth, late.id))?.ratingPrompt).toBe(true)
    gw.clock.advance(7 * 24 * 60 * MINUTE)
    // A week on, the sign-in has lapsed too: sign in again.
    const again = await gw.signIn(DEMO_PHONE)
    expect((await mine(again, late.id))?.ratingPrompt).toBe(false)
    expect((await rate(again, late.id, { stars: 3 })).body.code).toBe(40952)
  })

  test.each([
    [{ stars: 0 }],
    [{ stars: 6 }],
    [{ stars: 4.5 }],
    [{ stars: '5' }],
    [{ stars: 5, comment: '好'.repeat(201) }],
    [{}],
  ])('refuses %j with 40001', async (body) => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const booking = await booked(auth)
    expect((await rate(auth, booking.id, body)).body.code).toBe(40001)
  })
})

describe('a teacher’s ratings', () => {
  test('the average and comments only from the third rating on; never a lone rating', async () => {
    gw = await startTestGateway()
    const stars = [5, 4, 4]
    const customers = await Promise.all(
      ['13900002001', '13900002002', '13900002003'].map((phone) => gw.signIn(phone)),
    )
    const bookings: { auth: string; id: number }[] = []
    for (const [i, auth] of customers.entries()) {
      await devPost(gw, '/cards', { phone: `1390000200${i + 1}`, credits: 5 })
      const booking = await booked(auth)
      await scanIn(auth, booking.id)
      bookings.push({ auth, id: booking.id })
    }
    gw.clock.advance(70 * MINUTE)
    expect(await ratings()).toEqual({ teacherId: TEACHER, count: 0, average: null, comments: [] })
    for (const [i, { auth, id }] of bookings.entries()) {
      await rate(auth, id, { stars: stars[i], comment: i === 1 ? '' : `第 ${i + 1} 条` })
      const now = await ratings()
      if (i < 2) expect(now).toEqual({ teacherId: TEACHER, count: i + 1, average: null, comments: [] })
    }
    const shown = await ratings()
    expect(shown).toMatchObject({ count: 3, average: 4.3 })
    expect(shown.comments.map((c) => [c.stars, c.comment, c.classTitle])).toEqual([
      [4, '第 3 条', '街舞基础'],
      [5, '第 1 条', '街舞基础'],
    ])
    expect((await gw.call('GET', '/teachers/999/ratings')).body.code).toBe(40401)
  })
})
