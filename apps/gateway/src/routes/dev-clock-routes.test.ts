import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Order } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { devGet, devPost, startManualGateway } from '../testing/shop-helpers'
import { TEST_POSTGRES, testDatabase } from '../testing/test-database'
import type { TestGateway } from '../testing/test-gateway'

let gw: TestGateway & { tick(): void }

afterEach(async () => {
  await gw?.close()
})

interface ClockState {
  now: string
  offsetMs: number
  ran?: { expiredOrders: number }
}

describe('the studio clock in the dev API', () => {
  test('GET /__dev/clock answers the studio time, not moved yet', async () => {
    gw = await startManualGateway()
    expect(await devGet<ClockState>(gw, '/clock')).toEqual({ now: '2025-06-02T02:00:00.000Z', offsetMs: 0 })
  })

  test('a restarted gateway goes on from where the studio clock was (the offset is the database’s)', async () => {
    const db = TEST_POSTGRES ? testDatabase() : join(mkdtempSync(join(tmpdir(), 'xdance-clock-')), 'gw.db')
    gw = await startManualGateway({ db })
    await devPost<ClockState>(gw, '/clock', { advanceMs: 60 * 60_000 })
    await gw.close()
    gw = await startManualGateway({ db })
    expect(await devGet<ClockState>(gw, '/clock')).toEqual({
      now: '2025-06-02T03:00:00.000Z',
      offsetMs: 3_600_000,
    })
  })

  test('POST /__dev/clock moves the clock forward by advanceMs or to a time, and every service sees it', async () => {
    gw = await startManualGateway()
    const moved = await devPost<ClockState>(gw, '/clock', { advanceMs: 60 * 60_000 })
    expect(moved).toMatchObject({ now: '2025-06-02T03:00:00.000Z', offsetMs: 3_600_000 })
    expect(await devPost<ClockState>(gw, '/clock', { to: '2025-06-02T12:00:00+08:00' })).toMatchObject({
      now: '2025-06-02T04:00:00.000Z',
      offsetMs: 7_200_000,
    })
    // The base clock still moves under the offset.
    gw.clock.advance(1000)
    expect((await devGet<ClockState>(gw, '/clock')).now).toBe('2025-06-02T04:00:01.000Z')
    // A service reads the moved clock: an order made now is stamped 12:00:01 studio time.
    const auth = await gw.signIn('13712345678')
    const order = await gw.call<Order>('POST', '/orders', { auth, body: { productId: 2 } })
    expect(order.body.data.createdAt).toBe('2025-06-02T12:00:01+08:00')
  })

  test('moving the clock past an order deadline expires it at once (the due-time work runs)', async () => {
    gw = await startManualGateway()
    const auth = await gw.signIn('13712345678')
    const created = (await gw.call<Order>('POST', '/orders', { auth, body: { productId: 2 } })).body.data
    const early = await devPost<ClockState>(gw, '/clock', { advanceMs: 14 * 60_000 })
    expect(early.ran).toMatchObject({ expiredOrders: 0 })
    const late = await devPost<ClockState>(gw, '/clock', { advanceMs: 60_000 })
    expect(late.ran).toMatchObject({ expiredOrders: 1 })
    const after = await gw.call<Order>('GET', `/orders/${created.id}`, { auth })
    expect(after.body.data.status).toBe('expired')
  })

  test.each([
    [{}, 'advanceMs'],
    [{ advanceMs: -1 }, 'advanceMs'],
    [{ advanceMs: 1.5 }, 'advanceMs'],
    [{ advanceMs: 1000, to: '2025-06-03T00:00:00Z' }, 'advanceMs'],
    [{ to: 'tomorrow' }, 'to'],
    [{ to: '2025-06-01T00:00:00Z' }, 'to'],
    [{ to: '2030-01-01T00:00:00Z' }, 'to'],
  ])('POST /__dev/clock %j is refused (40001 on %s) and the clock stays', async (body, field) => {
    gw = await startManualGateway()
    const answer = await devPost<{ code: number; data: { field: string } }>(gw, '/clock', body)
    expect(answer).toMatchObject({ code: 40001, data: { field } })
    expect((await devGet<ClockState>(gw, '/clock')).offsetMs).toBe(0)
  })

  test('without demo mode there is no clock to move', async () => {
    gw = await startManualGateway({ demo: false })
    expect(await devPost(gw, '/clock', { advanceMs: 1 })).toMatchObject({ code: 40401 })
  })
})
