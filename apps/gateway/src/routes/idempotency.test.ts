import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { openDatabase } from '../db/database'
import { TEST_POSTGRES, testDatabase } from '../testing/test-database'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

// Real HTTP against a real gateway: a keyed action sent twice is done once and answered the same both times.

const PHONE = '13712345678'
const OTHER = '13712345679'
let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

async function dev<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${gw.apiUrl}/__dev${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await res.json()) as T
}

const key = (name: string) => ({ 'idempotency-key': `test-key-${name}` })

async function setUp() {
  gw = await startTestGateway()
  const klass = await dev<{ id: number }>('/classes', { capacity: 5, booked: 0 })
  await dev('/cards', { phone: PHONE, credits: 5 })
  const auth = await gw.signIn(PHONE)
  return { klass, auth }
}

const credits = async (auth: string) =>
  (await gw.call<{ list: Array<{ creditsLeft: number }> }>('GET', '/cards', { auth })).body.data.list[0]
    ?.creditsLeft

const seats = async (auth: string, id: number) =>
  (await gw.call<{ booked: number }>('GET', `/classes/${id}`, { auth })).body.data.booked

describe('Idempotency-Key on actions', () => {
  test('idempotency: the same key twice books once and answers the same body', async () => {
    const { klass, auth } = await setUp()
    const first = await gw.call('POST', '/bookings', { auth, body: { classId: klass.id }, headers: key('a') })
    const second = await gw.call('POST', '/bookings', {
      auth,
      body: { classId: klass.id },
      headers: key('a'),
    })
    expect(first.body.code).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(await seats(auth, klass.id)).toBe(1)
    expect(await credits(auth)).toBe(4)
  })

  test('idempotency: without a key a second booking is refused as already booked (the old behaviour)', async () => {
    const { klass, auth } = await setUp()
    await gw.call('POST', '/bookings', { auth, body: { classId: klass.id } })
    const again = await gw.call('POST', '/bookings', { auth, body: { classId: klass.id } })
    expect(again.body.code).toBe(40902)
  })

  test('idempotency: the same key with a different body is refused with 42201 and nothing is done', async () => {
    const { klass, auth } = await setUp()
    const other = await dev<{ id: number }>('/classes', { capacity: 5, booked: 0 })
    await gw.call('POST', '/bookings', { auth, body: { classId: klass.id }, headers: key('b') })
    const reused = await gw.call('POST', '/bookings', {
      auth,
      body: { classId: other.id },
      headers: key('b'),
    })
    expect(reused.body.code).toBe(42201)
    expect(reused.body.msg).toBe('同一个请求标识不能用于不同的操作')
    expect(await seats(auth, other.id)).toBe(0)
  })

  test('idempotency: the same key on another action (a cancel) is refused with 42201', async () => {
    const { klass, auth } = await setUp()
    const booked = await gw.call<{ id: number }>('POST', '/bookings', {
      auth,
      body: { classId: klass.id },
      headers: key('c'),
    })
    const cancel = await gw.call('POST', `/bookings/${booked.body.data.id}/cancel`, {
      auth,
      headers: key('c'),
    })
    expect(cancel.body.code).toBe(42201)
  })

  test('idempotency: a refusal is kept too, so a retry answers the first refusal', async () => {
    gw = await startTestGateway()
    const klass = await dev<{ id: number }>('/classes', { capacity: 5, booked: 0 })
    const auth = await gw.signIn(PHONE) // no card
    const first = await gw.call('POST', '/bookings', { auth, body: { classId: klass.id }, headers: key('d') })
    expect(first.body.code).toBe(40904)
    await dev('/cards', { phone: PHONE, credits: 5 })
    const second = await gw.call('POST', '/bookings', {
      auth,
      body: { classId: klass.id },
      headers: key('d'),
    })
    expect(second.body).toEqual(first.body)
  })

  test('idempotency: keys are per account (another customer with the same key books their own seat)', async () => {
    const { klass, auth } = await setUp()
    await dev('/cards', { phone: OTHER, credits: 5 })
    const otherAuth = await gw.signIn(OTHER)
    await gw.call('POST', '/bookings', { auth, body: { classId: klass.id }, headers: key('e') })
    const theirs = await gw.call<{ id: number }>('POST', '/bookings', {
      auth: otherAuth,
      body: { classId: klass.id },
      headers: key('e'),
    })
    expect(theirs.body.code).toBe(200)
    expect(theirs.headers.get('idempotent-replayed')).toBeNull()
    expect(await seats(auth, klass.id)).toBe(2)
  })

  test('idempotency: a key is kept 24 hours; after that the lookup no longer knows it', async () => {
    const { klass, auth } = await setUp()
    const booked = await gw.call<{ id: number }>('POST', '/bookings', {
      auth,
      body: { classId: klass.id },
      headers: key('f'),
    })
    await gw.call('POST', `/bookings/${booked.body.data.id}/cancel`, { auth, headers: key('g') })
    gw.clock.advance(24 * 60 * 60 * 1000 + 1)
    const status = await gw.call<{ state: string }>('GET', '/actions/test-key-f', {
      auth: await gw.signIn(PHONE),
    })
    expect(status.body.data.state).toBe('unknown')
  })

  test('idempotency: an orders, a cancel and a waitlist join sent twice with their keys happen once', async () => {
    const { auth } = await setUp()
    const order1 = await gw.call<{ id: number }>('POST', '/orders', {
      auth,
      body: { productId: 2 },
      headers: key('o'),
    })
    const order2 = await gw.call<{ id: number }>('POST', '/orders', {
      auth,
      body: { productId: 2 },
      headers: key('o'),
    })
    expect(order2.body.data.id).toBe(order1.body.data.id)
    const orders = await gw.call<{ list: unknown[] }>('GET', '/orders', { auth })
    expect(orders.body.data.list).toHaveLength(1)

    const full = await dev<{ id: number }>('/classes', { capacity: 1, booked: 1 })
    const join1 = await gw.call('POST', `/classes/${full.id}/waitlist`, { auth, body: {}, headers: key('w') })
    const join2 = await gw.call('POST', `/classes/${full.id}/waitlist`, { auth, body: {}, headers: key('w') })
    expect(join1.body.code).toBe(200)
    expect(join2.body).toEqual(join1.body)
    const leave = await gw.call('POST', `/classes/${full.id}/waitlist/leave`, { auth, headers: key('l') })
    const leaveAgain = await gw.call('POST', `/classes/${full.id}/waitlist/leave`, {
      auth,
      headers: key('l'),
    })
    expect(leave.body.code).toBe(200)
    expect(leaveAgain.body).toEqual(leave.body)
  })

  test('idempotency: a key that is not 8-64 letters, digits, - or _ is refused with 40001', async () => {
    const { klass, auth } = await setUp()
    const res = await gw.call('POST', '/bookings', {
      auth,
      body: { classId: klass.id },
      headers: { 'idempotency-key': 'short' },
    })
    expect(res.body.code).toBe(40001)
    expect(await seats(auth, klass.id)).toBe(0)
  })
})

describe('GET /actions/:key: did the keyed action happen?', () => {
  test('idempotency lookup: unknown before, done with the first answer after', async () => {
    const { klass, auth } = await setUp()
    const before = await gw.call('GET', '/actions/test-key-h', { auth })
    expect(before.body).toMatchObject({
      code: 200,
      data: { key: 'test-key-h', state: 'unknown', answer: null },
    })
    const booked = await gw.call('POST', '/bookings', {
      auth,
      body: { classId: klass.id },
      headers: key('h'),
    })
    const after = await gw.call('GET', '/actions/test-key-h', { auth })
    expect(after.body.data).toEqual({ key: 'test-key-h', state: 'done', answer: booked.body })
  })

  test('idempotency lookup: another customer cannot see my action', async () => {
    const { klass, auth } = await setUp()
    await gw.call('POST', '/bookings', { auth, body: { classId: klass.id }, headers: key('i') })
    const other = await gw.signIn(OTHER)
    const res = await gw.call<{ state: string }>('GET', '/actions/test-key-i', { auth: other })
    expect(res.body.data.state).toBe('unknown')
  })

  test('idempotency lookup: signed out is 401; a malformed key is 40001', async () => {
    const { auth } = await setUp()
    expect((await gw.call('GET', '/actions/test-key-j')).body.code).toBe(401)
    expect((await gw.call('GET', '/actions/bad!', { auth })).body.code).toBe(40001)
  })

  test('idempotency: a booking whose answer comes after the client gave up happened once; the lookup says so', async () => {
    const { klass, auth } = await setUp()
    await fetch(`${gw.apiUrl}/__dev/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/bookings', method: 'POST', delayMs: 5000, answerLate: true }),
    })
    // The client gives up after 200 ms, as the app does after its timeout.
    const gaveUp = await fetch(`${gw.apiUrl}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth, ...key('k') },
      body: JSON.stringify({ classId: klass.id }),
      signal: AbortSignal.timeout(200),
    }).catch((error: unknown) => error)
    expect(gaveUp).toBeInstanceOf(Error)
    const status = await gw.call<{ state: string; answer: { code: number } }>('GET', '/actions/test-key-k', {
      auth,
    })
    expect(status.body.data.state).toBe('done')
    expect(status.body.data.answer.code).toBe(200)
    const retry = await gw.call('POST', '/bookings', { auth, body: { classId: klass.id }, headers: key('k') })
    expect(retry.body).toEqual(status.body.data.answer)
    expect(await seats(auth, klass.id)).toBe(1)
  })

  test('idempotency: a claim left pending by an instance that is gone is taken over by the retry, which books once', async () => {
    // A database a second connection can open: a file on SQLite, the test's own database on PostgreSQL.
    const location = TEST_POSTGRES
      ? testDatabase()
      : join(mkdtempSync(join(tmpdir(), 'xdance-keys-')), 'gw.db')
    gw = await startTestGateway({ db: location })
    const klass = await dev<{ id: number }>('/classes', { capacity: 5, booked: 0 })
    await dev('/cards', { phone: PHONE, credits: 5 })
    const auth = await gw.signIn(PHONE)
    const body = JSON.stringify({ classId: klass.id })
    // What an instance killed in the middle of this booking leaves: the key claimed with this request's hash, by an
    // instance that no longer runs, and nothing of the booking (its work and its answer commit together).
    const other = openDatabase(location)
    try {
      const customer = other.get<{ id: number }>('SELECT id FROM customers WHERE phone = ?', PHONE)
      const hash = createHash('sha256').update(`POST /dance-gateway/bookings\n${body}`).digest('hex')
      const now = gw.clock.now().getTime()
      other.run(
        `INSERT INTO idempotency_keys (customer_id, key, request_hash, state, owner, created_at, expires_at)
         VALUES (?, 'test-key-orphan', ?, 'pending', 'an-instance-gone', ?, ?)`,
        customer?.id ?? 0,
        hash,
        now,
        now + 60_000,
      )
      // On PostgreSQL another instance still running (this connection) holds its claim: in progress, as before. (A
      // SQLite file is one process's: a claim not of this process is a dead one's.)
      if (TEST_POSTGRES) {
        other.run(
          `INSERT INTO idempotency_keys (customer_id, key, request_hash, state, owner, created_at, expires_at)
           VALUES (?, 'test-key-running', ?, 'pending', ?, ?, ?)`,
          customer?.id ?? 0,
          hash,
          other.instanceId,
          now,
          now + 60_000,
        )
        const running = await gw.call('POST', '/bookings', {
          auth,
          body: { classId: klass.id },
          headers: key('running'),
        })
        expect(running.body.code).toBe(40931)
      }
    } finally {
      other.close()
    }
    const retried = await gw.call('POST', '/bookings', {
      auth,
      body: { classId: klass.id },
      headers: key('orphan'),
    })
    expect(retried.body.code).toBe(200)
    const again = await gw.call('POST', '/bookings', {
      auth,
      body: { classId: klass.id },
      headers: key('orphan'),
    })
    expect(again.body).toEqual(retried.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await seats(auth, klass.id)).toBe(1)
  })
})
