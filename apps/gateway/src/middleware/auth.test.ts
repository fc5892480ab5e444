import { afterEach, describe, expect, test } from 'vitest'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

// The auth middleware takes each call's level from the contract's endpoint table.

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

const STALE = `Bearer ${'a'.repeat(43)}`

describe('the auth middleware', () => {
  test('required: no sign-in or a stale one answers 401 before the call runs (no booking is made)', async () => {
    gw = await startTestGateway()
    const res = await gw.call('POST', '/bookings', { auth: STALE, body: { classId: 1 } })
    expect(res.body).toMatchObject({ code: 401, data: null })
    const auth = await gw.signIn('13800138000')
    const bookings = await gw.call<{ upcoming: unknown[] }>('GET', '/bookings', { auth })
    const before = bookings.body.data.upcoming.length
    await gw.call('POST', '/bookings', { body: { classId: 1 } })
    expect(
      (await gw.call<{ upcoming: unknown[] }>('GET', '/bookings', { auth })).body.data.upcoming,
    ).toHaveLength(before)
  })

  test('optional: a stale token reads as signed out, a live one as the customer', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn('13800138000')
    const list = await gw.call<{ list: Array<{ id: number; myBookingId: number | null }> }>(
      'GET',
      '/classes',
      {
        auth,
      },
    )
    const mine = list.body.data.list.find((c) => c.myBookingId !== null)
    expect(mine).toBeDefined()
    const signedIn = await gw.call<{ myBookingId: number | null }>('GET', `/classes/${mine?.id}`, { auth })
    expect(signedIn.body.data.myBookingId).toBe(mine?.myBookingId)
    const stale = await gw.call<{ myBookingId: number | null }>('GET', `/classes/${mine?.id}`, {
      auth: STALE,
    })
    expect(stale.body).toMatchObject({ code: 200, data: { myBookingId: null } })
  })

  test('none: a public call answers the same with any Authorization header', async () => {
    gw = await startTestGateway()
    const plain = await gw.call('GET', '/articles/1')
    expect(plain.body.code).toBe(200)
    expect((await gw.call('GET', '/articles/1', { auth: STALE })).body).toEqual(plain.body)
    expect((await gw.call('GET', '/org', { auth: 'garbage' })).body.code).toBe(200)
  })
})
