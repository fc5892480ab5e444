import type { Booking, DanceClass, MembershipCard, Notice } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { devPost, startManualGateway } from '../testing/shop-helpers'
import type { TestGateway } from '../testing/test-gateway'

let gw: TestGateway & { tick(): void }

afterEach(async () => {
  await gw?.close()
})

const phone = (i: number) => `136${String(i).padStart(8, '0')}`
const stageClass = (spec: Record<string, unknown> = {}) => devPost<{ id: number }>(gw, '/classes', spec)
async function customer(i: number, card: Record<string, unknown> = {}) {
  await devPost(gw, '/cards', { phone: phone(i), credits: 5, ...card })
  return gw.signIn(phone(i))
}
const klass = async (id: number, auth?: string) =>
  (await gw.call<DanceClass>('GET', `/classes/${id}`, auth ? { auth } : {})).body.data
const join = (id: number, auth: string, body: Record<string, unknown> = {}) =>
  gw.call<DanceClass>('POST', `/classes/${id}/waitlist`, { auth, body })
const book = (id: number, auth: string) =>
  gw.call<Booking>('POST', '/bookings', { auth, body: { classId: id } })
const credits = async (auth: string) =>
  (await gw.call<{ list: MembershipCard[] }>('GET', '/cards', { auth })).body.data.list.reduce(
    (sum, c) => sum + c.creditsLeft,
    0,
  )
const notices = async (auth: string) =>
  (await gw.call<{ list: Notice[] }>('GET', '/notices', { auth })).body.data.list

describe('joining and leaving a waitlist', () => {
  test('a full class takes me on its waitlist: my place and its length show on the class, nothing is spent', async () => {
    gw = await startManualGateway()
    const { id } = await stageClass({ capacity: 2, booked: 2 })
    const first = await customer(1)
    const second = await customer(2)
    const joined = await join(id, first)
    expect(joined.body.data).toMatchObject({ status: 'full', myWaitlistPosition: 1, waitlistLength: 1 })
    expect((await join(id, second)).body.data).toMatchObject({ myWaitlistPosition: 2, waitlistLength: 2 })
    expect(await klass(id, first)).toMatchObject({ myWaitlistPosition: 1, waitlistLength: 2 })
    expect(await klass(id)).toMatchObject({ myWaitlistPosition: null, waitlistLength: 2 })
    expect(await credits(first)).toBe(5)
    const left = await gw.call<DanceClass>('POST', `/classes/${id}/waitlist/leave`, { auth: first })
    expect(left.body.data).toMatchObject({ myWaitlistPosition: null, waitlistLength: 1 })
    expect(await klass(id, second)).toMatchObject({ myWaitlistPosition: 1 })
    expect((await gw.call('POST', `/classes/${id}/waitlist/leave`, { auth: first })).body.code).toBe(40923)
  })

  test('GET /me/waitlist lists the classes I wait for, soonest first, with my place; not those I left or that started', async () => {
    gw = await startManualGateway()
    const later = await stageClass({ capacity: 1, booked: 1, startsInMinutes: 3 * 24 * 60 })
    const sooner = await stageClass({ capacity: 1, booked: 1, startsInMinutes: 24 * 60 })
    const dropped = await stageClass({ capacity: 1, booked: 1, startsInMinutes: 2 * 24 * 60 })
    const other = await customer(2)
    await join(sooner.id, other)
    const me = await customer(1)
    for (const { id } of [later, sooner, dropped]) await join(id, me)
    await gw.call('POST', `/classes/${dropped.id}/waitlist/leave`, { auth: me })
    const mine = async () =>
      (await gw.call<{ list: DanceClass[] }>('GET', '/me/waitlist', { auth: me })).body.data.list.map((c) => [
        c.id,
        c.myWaitlistPosition,
      ])
    expect(await mine()).toEqual([
      [sooner.id, 2],
      [later.id, 1],
    ])
    gw.clock.advance(24 * 60 * 60_000 + 60_000)
    expect(await mine()).toEqual([[later.id, 1]])
    expect((await gw.call('GET', '/me/waitlist')).body.code).toBe(401)
  })

  test('refusals: not full, already booked, already waiting, started, past the cut-off, no card', async () => {
    gw = await startManualGateway()
    const auth = await customer(1)
    const open = await stageClass({ capacity: 2, booked: 0 })
    expect((await join(open.id, auth)).body.code).toBe(40921)
    await book(open.id, auth)
    await devPost(gw, '/classes', {})
    const full = await stageClass({ capacity: 1, booked: 1 })
    expect((await join(full.id, auth)).body.code).toBe(200)
    expect((await join(full.id, auth)).body.code).toBe(40922)
    const mine = await stageClass({ capacity: 1, booked: 0 })
    await book(mine.id, auth)
    expect((await join(mine.id, auth)).body.code).toBe(40902)
    const soon = await stageClass({ capacity: 1, booked: 1, startsInMinutes: 119 })
    expect((await join(soon.id, auth)).body).toMatchObject({ code: 40924, msg: '候补已截止' })
    const started = await stageClass({ capacity: 1, booked: 1, startsInMinutes: -5 })
    expect((await join(started.id, auth)).body.code).toBe(40903)
    const cardless = await gw.signIn(phone(9))
    expect((await join(full.id, cardless)).body.code).toBe(40904)
    expect((await join(full.id, await customer(3), { cardId: 999 })).body.code).toBe(40401)
    expect((await gw.call('POST', `/classes/${full.id}/waitlist`, { body: {} })).body.code).toBe(401)
  })
})

describe('promotion', () => {
  test('a cancel books the first on the list in its place, takes their credit and tells them', async () => {
    gw = await startManualGateway()
    const { id } = await stageClass({ capacity: 1, booked: 0 })
    const holder = await customer(1)
    const booking = (await book(id, holder)).body.data
    const waiting = await customer(2)
    const later = await customer(3)
    await join(id, waiting)
    await join(id, later)
    await gw.call('POST', `/bookings/${booking.id}/cancel`, { auth: holder })
    expect(await klass(id, waiting)).toMatchObject({ booked: 1, myWaitlistPosition: null, waitlistLength: 1 })
    expect((await klass(id, waiting)).myBookingId).not.toBeNull()
    expect(await klass(id, later)).toMatchObject({ myWaitlistPosition: 1 })
    expect(await credits(waiting)).toBe(4)
    expect(await credits(holder)).toBe(5)
    const [notice] = await notices(waiting)
    expect(notice).toMatchObject({ kind: 'waitlist-promoted', classId: id, title: '候补成功', read: false })
    const outbox = await (await fetch(`${gw.apiUrl}/__dev/outbox`)).json()
    expect(outbox.filter((m: { kind: string }) => m.kind === 'waitlist-promoted')).toHaveLength(1)
  })

  test('someone whose card no longer pays is skipped, told and removed; the next one gets the seat', async () => {
    gw = await startManualGateway()
    const { id } = await stageClass({ capacity: 1, booked: 0 })
    const holder = await customer(1)
    const booking = (await book(id, holder)).body.data
    const expiring = await customer(2, { credits: 1 })
    const next = await customer(3)
    await join(id, expiring)
    await join(id, next)
    // The first in line spends their last credit on another class while waiting.
    const other = await stageClass({ capacity: 5 })
    expect((await book(other.id, expiring)).body.code).toBe(200)
    await gw.call('POST', `/bookings/${booking.id}/cancel`, { auth: holder })
    expect(await klass(id, expiring)).toMatchObject({ myBookingId: null, myWaitlistPosition: null })
    expect((await klass(id, next)).myBookingId).not.toBeNull()
    expect((await notices(expiring))[0]).toMatchObject({ kind: 'waitlist-skipped', classId: id })
    expect(await credits(expiring)).toBe(0)
  })

  test('at the cut-off the waitlist closes and its members are told once', async () => {
    gw = await startManualGateway()
    const { id } = await stageClass({ capacity: 1, booked: 1, startsInMinutes: 180 })
    const auth = await customer(1)
    await join(id, auth)
    gw.clock.advance(59 * 60_000)
    gw.tick()
    expect(await klass(id, auth)).toMatchObject({ myWaitlistPosition: 1 })
    gw.clock.advance(60_000)
    gw.tick()
    gw.tick()
    expect(await klass(id, auth)).toMatchObject({ myWaitlistPosition: null, waitlistLength: 0 })
    expect((await notices(auth)).filter((n) => n.kind === 'waitlist-closed')).toHaveLength(1)
  })
})

// Every customer of a race signs in from 127.0.0.1: more codes a minute than one real address may ask for.
const RACE_LIMITS = { smsPerAddressPerMinute: 100, smsPerMinute: 100 }

describe('concurrency', () => {
  test('30 at once: 10 cancels and 20 joins on a full class with 10 waiting', async () => {
    gw = await startManualGateway({ limits: RACE_LIMITS })
    const { id } = await stageClass({ capacity: 10, booked: 0 })
    const holders: Array<{ auth: string; booking: number }> = []
    for (let i = 0; i < 10; i++) {
      const auth = await customer(i)
      holders.push({ auth, booking: (await book(id, auth)).body.data.id })
    }
    const waiting: string[] = []
    for (let i = 10; i < 20; i++) {
      const auth = await customer(i)
      await join(id, auth)
      waiting.push(auth)
    }
    const joiners: string[] = []
    for (let i = 20; i < 40; i++) joiners.push(await customer(i))
    const requests = [
      ...holders.map((h) => gw.call('POST', `/bookings/${h.booking}/cancel`, { auth: h.auth })),
      ...joiners.map((auth) => join(id, auth)),
    ]
    const started = performance.now()
    const results = await Promise.all(requests)
    const elapsed = performance.now() - started
    console.log(`waitlist race: ${requests.length} requests in ${elapsed.toFixed(0)} ms`)
    const codes = results.map((r) => r.body.code)
    // Every cancel and every join succeeds: a freed seat is never free to anyone but the first waiting.
    expect(codes.filter((c) => c === 200)).toHaveLength(30)

    const after = await klass(id)
    expect(after.booked).toBeLessThanOrEqual(after.capacity)
    expect(after).toMatchObject({ booked: 10, waitlistLength: 20 })
    // The ten who waited first hold the seats, in their order; the joiners wait behind them.
    for (const auth of waiting) expect((await klass(id, auth)).myBookingId).not.toBeNull()
    const places = []
    for (const auth of joiners) places.push((await klass(id, auth)).myWaitlistPosition)
    expect(places.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    // Credits conserved: each seat took one credit, each cancel gave one back.
    let total = 0
    for (const auth of [...holders.map((h) => h.auth), ...waiting, ...joiners]) total += await credits(auth)
    expect(total).toBe(40 * 5 - after.booked)
    for (const h of holders) expect(await credits(h.auth)).toBe(5)
    for (const auth of waiting) expect(await credits(auth)).toBe(4)
    // One booking per seat: every live booking of the class belongs to a different customer.
    const live = []
    for (const auth of waiting) live.push((await klass(id, auth)).myBookingId)
    expect(new Set(live).size).toBe(10)
  })

  test('30 at once on the last seats: cancels, joins and direct bookings never oversell or charge twice', async () => {
    gw = await startManualGateway({ limits: RACE_LIMITS })
    const { id } = await stageClass({ capacity: 5, booked: 0 })
    const holders: Array<{ auth: string; booking: number }> = []
    for (let i = 0; i < 5; i++) {
      const auth = await customer(i)
      holders.push({ auth, booking: (await book(id, auth)).body.data.id })
    }
    const others: string[] = []
    for (let i = 5; i < 30; i++) others.push(await customer(i))
    // 5 cancels, and 25 others each either booking directly or joining the waitlist (the UI offers one or the other).
    const results = await Promise.all([
      ...holders.map((h) => gw.call('POST', `/bookings/${h.booking}/cancel`, { auth: h.auth })),
      ...others.map((auth, i) => (i % 2 === 0 ? book(id, auth) : join(id, auth))),
    ])
    expect(results.slice(0, 5).every((r) => r.body.code === 200)).toBe(true)
    const after = await klass(id)
    expect(after.booked).toBe(5)
    let seated = 0
    let total = 0
    for (const auth of [...holders.map((h) => h.auth), ...others]) {
      const view = await klass(id, auth)
      const left = await credits(auth)
      total += left
      if (view.myBookingId !== null) {
        seated++
        expect(left).toBe(4)
      } else {
        expect(left).toBe(5)
      }
      expect(view.myBookingId !== null && view.myWaitlistPosition !== null).toBe(false)
    }
    expect(seated).toBe(after.booked)
    expect(total).toBe(30 * 5 - after.booked)
    console.log(
      `mixed race: ${results.filter((r) => r.body.code === 200).length}/30 succeeded, codes ${[...new Set(results.map((r) => r.body.code))].join(',')}`,
    )
    // Sixty requests through one SQLite writer: a bound that two suites side by side on two cores stay within.
  }, 30_000)
})
