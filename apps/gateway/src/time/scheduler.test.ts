import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { DevOutbox, Notice } from '@xdance/contract'
import { TERMS_VERSION } from '@xdance/contract'
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest'
import { devGet, devPost, startManualGateway } from '../testing/shop-helpers'
import type { TestGateway } from '../testing/test-gateway'

const PHONE = '13712345678'
const HOUR = 60 * 60_000
const dir = mkdtempSync(join(tmpdir(), 'xdance-scheduler-'))
let gw: (TestGateway & { tick(): void }) | undefined

afterEach(async () => {
  await gw?.close()
  gw = undefined
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

const outboxOf = async (api: { apiUrl: string }, kind: string) =>
  (await devGet<DevOutbox[]>(api, '/outbox')).filter((m) => m.kind === kind)
const noticesOf = async (g: TestGateway, auth: string, kind: string) =>
  (await g.call<{ list: Notice[] }>('GET', '/notices', { auth })).body.data.list.filter(
    (n) => n.kind === kind,
  )

/** A customer with a card, booked into a class starting `startsInMinutes` from the gateway's clock. */
async function bookedCustomer(g: TestGateway, startsInMinutes: number) {
  await devPost(g, '/cards', { phone: PHONE, credits: 5 })
  const auth = await g.signIn(PHONE)
  const klass = await devPost<{ id: number }>(g, '/classes', { startsInMinutes })
  const booked = await g.call<{ id: number }>('POST', '/bookings', { auth, body: { classId: klass.id } })
  return { auth, classId: klass.id, bookingId: booked.body.data.id }
}

describe('the outbox', () => {
  test('a message the provider refused stays pending and goes out, once, on a later run', async () => {
    let refuse = true
    const accepted: string[] = []
    gw = await startManualGateway({
      withParties: (parties) => ({
        ...parties,
        messages: {
          ...parties.messages,
          send: (message) => {
            if (refuse) throw new Error('provider down')
            accepted.push(message.idempotencyKey)
          },
        },
      }),
    })
    await bookedCustomer(gw, 24 * 60)
    gw.tick()
    expect(await outboxOf(gw, 'booking-confirmed')).toMatchObject([{ state: 'pending' }])
    expect(gw.logs.join('\n')).toMatch(
      /outbox #1 not accepted \(provider down\): tried again on the next run/,
    )
    refuse = false
    gw.tick()
    gw.tick()
    expect(await outboxOf(gw, 'booking-confirmed')).toMatchObject([{ state: 'sent' }])
    expect(accepted).toEqual(['xdance-outbox-1'])
  })
})

describe('the reminder before class', () => {
  test('goes out 2 hours before the class, once, when the clock gets there', async () => {
    gw = await startManualGateway()
    const { auth, classId } = await bookedCustomer(gw, 180)
    gw.tick()
    gw.clock.advance(HOUR - 60_000)
    gw.tick()
    expect(await noticesOf(gw, auth, 'class-reminder')).toEqual([])
    gw.clock.advance(60_000)
    gw.tick()
    gw.tick()
    const [reminder, ...more] = await noticesOf(gw, auth, 'class-reminder')
    expect(more).toEqual([])
    expect(reminder).toMatchObject({ classId, title: '上课提醒', read: false })
    expect(reminder?.body).toContain('6月2日 13:00')
    const sent = await outboxOf(gw, 'class-reminder')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      channel: 'sms',
      recipient: PHONE,
      state: 'sent',
      templateId: 'SMS_CLASS_REMINDER',
    })
    expect(sent[0]?.sentAt).toBe(new Date(Date.parse('2025-06-02T11:00:00+08:00')).toISOString())
  })

  test('a cancelled booking gets no reminder, and none is sent for a class that has started', async () => {
    gw = await startManualGateway()
    const { auth, bookingId } = await bookedCustomer(gw, 180)
    await gw.call('POST', `/bookings/${bookingId}/cancel`, { auth })
    const late = await devPost<{ id: number }>(gw, '/classes', { startsInMinutes: 30 })
    await gw.call('POST', '/bookings', { auth, body: { classId: late.id } })
    gw.clock.advance(HOUR) // the late class has started when the scheduler first looks
    gw.tick()
    expect(await noticesOf(gw, auth, 'class-reminder')).toEqual([])
  })
})

describe('other notices', () => {
  test('a card with credits left is announced 7 days before it expires, once', async () => {
    gw = await startManualGateway()
    await devPost(gw, '/cards', { phone: PHONE, credits: 3, validDays: 10 })
    const auth = await gw.signIn(PHONE)
    gw.clock.advance(3 * 24 * HOUR - 60_000)
    gw.tick()
    expect(await noticesOf(gw, auth, 'card-expiring')).toEqual([])
    gw.clock.advance(60_000)
    gw.tick()
    gw.tick()
    expect(await noticesOf(gw, auth, 'card-expiring')).toHaveLength(1)
  })

  test('a card down to one credit, then none, is announced each time; notices read one by one or all', async () => {
    gw = await startManualGateway()
    await devPost(gw, '/cards', { phone: PHONE, credits: 2 })
    const auth = await gw.signIn(PHONE)
    for (const minutes of [600, 700]) {
      const klass = await devPost<{ id: number }>(gw, '/classes', { startsInMinutes: minutes })
      await gw.call('POST', '/bookings', { auth, body: { classId: klass.id } })
    }
    const list = await gw.call<{ list: Notice[]; unread: number }>('GET', '/notices', { auth })
    expect(list.body.data.list.map((n) => n.title)).toEqual([
      '预约成功',
      '会员卡次数已用完',
      '预约成功',
      '会员卡仅剩 1 次',
    ])
    expect(list.body.data.unread).toBe(4)
    const first = list.body.data.list[0]?.id ?? 0
    expect((await gw.call<Notice>('POST', `/notices/${first}/read`, { auth })).body.data.read).toBe(true)
    expect((await gw.call<{ unreadNotices: number }>('GET', '/me', { auth })).body.data.unreadNotices).toBe(3)
    expect((await gw.call('POST', '/notices/read-all', { auth })).body.data).toEqual({ updated: 3 })
    expect((await gw.call('POST', '/notices/read-all', { auth })).body.data).toEqual({ updated: 0 })
    const other = await gw.signIn('13900000001')
    expect((await gw.call('POST', `/notices/${first}/read`, { auth: other })).body.code).toBe(40401)
  })

  test('unpaid orders are written expired by the scheduler', async () => {
    gw = await startManualGateway()
    const auth = await gw.signIn(PHONE)
    await gw.call('POST', '/orders', { auth, body: { productId: 2 } })
    gw.clock.advance(15 * 60_000)
    expect(await devPost(gw, '/scheduler/tick')).toMatchObject({ expiredOrders: 1 })
    expect(await devPost(gw, '/scheduler/tick')).toMatchObject({ expiredOrders: 0 })
  })
})

describe('surviving a restart', () => {
  test('closed between due time and sending, the next gateway on the database file sends once', async () => {
    const db = join(dir, 'restart.db')
    gw = await startManualGateway({ db })
    const { auth } = await bookedCustomer(gw, 180)
    // The booking's confirmation is still in the outbox; then the reminder falls due while nothing ticks.
    expect((await outboxOf(gw, 'booking-confirmed'))[0]?.state).toBe('pending')
    await gw.close()

    gw = await startManualGateway({ db, start: '2025-06-02T11:01:00+08:00' })
    // Caught up on start, before any tick.
    expect(await outboxOf(gw, 'class-reminder')).toMatchObject([{ state: 'sent' }])
    expect(await outboxOf(gw, 'booking-confirmed')).toMatchObject([{ state: 'sent' }])
    gw.tick()
    await gw.close()

    gw = await startManualGateway({ db, start: '2025-06-02T11:30:00+08:00' })
    gw.tick()
    expect(await outboxOf(gw, 'class-reminder')).toHaveLength(1)
    expect(await noticesOf(gw, auth, 'class-reminder')).toHaveLength(1)
  })
})

describe('kill -9', () => {
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  })

  // The command line run from source (Node strips the types; the hook resolves extensionless imports).
  function startCli(
    db: string,
    env: Record<string, string> = {},
  ): Promise<{ child: ChildProcess; apiUrl: string; output: () => string }> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        new URL('../testing/source-loader.mjs', import.meta.url).pathname,
        new URL('../main.ts', import.meta.url).pathname,
      ],
      {
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', GATEWAY_DB: db, GATEWAY_DEMO: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    children.push(child)
    return new Promise((resolve, reject) => {
      let out = ''
      const timer = setTimeout(() => reject(new Error(`the gateway did not start: ${out}`)), 15_000)
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const url = out.match(/xdance gateway on (http:\/\/127\.0\.0\.1:\d+)\//)?.[1]
        if (url) {
          clearTimeout(timer)
          resolve({ child, apiUrl: `${url}/dance-gateway`, output: () => out })
        }
      })
      child.stderr?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
      })
      child.on('exit', (code) => reject(new Error(`the gateway exited with ${code}: ${out}`)))
    })
  }

  const post = (apiUrl: string, path: string, body: unknown, auth?: string) =>
    fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json())

  test('a gateway killed after the reminder fell due sends it exactly once when it comes back', async () => {
    const db = join(dir, 'kill.db')
    const first = await startCli(db)
    await post(first.apiUrl, '/__dev/cards', { phone: PHONE })
    await post(first.apiUrl, '/auth/sms', { phone: PHONE, consent: TERMS_VERSION })
    const { code } = await devGet<{ code: string }>(first, `/sms?phone=${PHONE}`)
    const login = await post(first.apiUrl, '/auth/login', { phone: PHONE, code })
    const auth = `${login.data.head}${login.data.token}`
    // A class whose reminder is due as soon as it is booked (it starts within the reminder's 2 hours); the
    // scheduler ran at start and runs next 30 s later, so the reminder is due and unsent when the process dies.
    const startsAt = new Date(Date.now() + 2 * HOUR - 60_000).toISOString()
    const klass = await post(first.apiUrl, '/__dev/classes', { startsAt })
    expect((await post(first.apiUrl, '/bookings', { classId: klass.id }, auth)).code).toBe(200)
    expect(await outboxOf(first, 'class-reminder')).toEqual([])
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))

    const second = await startCli(db)
    try {
      expect(await outboxOf(second, 'class-reminder')).toMatchObject([{ state: 'sent', recipient: PHONE }])
      expect(await outboxOf(second, 'booking-confirmed')).toHaveLength(1)
    } finally {
      second.child.kill('SIGTERM')
      await new Promise((resolve) => second.child.once('exit', resolve))
    }
  }, 40_000)

  test('killed after the provider accepted a message and before the outbox marked it: sent again with the same key, delivered once', async () => {
    const db = join(dir, 'outbox-kill.db')
    // The emulated providers accept a message at once and answer a minute later: the window to kill in.
    const first = await startCli(db, { GATEWAY_DEMO_PROVIDER_DELAY_MS: '60000' })
    await post(first.apiUrl, '/__dev/cards', { phone: PHONE })
    await post(first.apiUrl, '/auth/sms', { phone: PHONE, consent: TERMS_VERSION })
    const { code } = await devGet<{ code: string }>(first, `/sms?phone=${PHONE}`)
    const login = await post(first.apiUrl, '/auth/login', { phone: PHONE, code })
    const auth = `${login.data.head}${login.data.token}`
    const klass = await post(first.apiUrl, '/__dev/classes', { startsInMinutes: 24 * 60 })
    expect((await post(first.apiUrl, '/bookings', { classId: klass.id }, auth)).code).toBe(200)
    expect(await outboxOf(first, 'booking-confirmed')).toMatchObject([{ state: 'pending' }])
    // A run that sends it (it never answers: the process dies first).
    post(first.apiUrl, '/__dev/scheduler/tick', {}).catch(() => undefined)
    const file = new DatabaseSync(db, { readOnly: true })
    const accepted = () => file.prepare('SELECT idempotency_key AS key FROM emulated_messages').all()
    const state = () => file.prepare('SELECT state FROM outbox').all()
    await vi.waitFor(() => expect(accepted()).toHaveLength(1), { timeout: 15_000, interval: 20 })
    // The provider has it; the outbox does not know yet.
    expect(state()).toEqual([{ state: 'pending' }])
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    file.close()

    const second = await startCli(db)
    try {
      // The scheduler's first run, at start, sent it again; the provider knew the key.
      await vi.waitFor(async () =>
        expect(await outboxOf(second, 'booking-confirmed')).toMatchObject([{ state: 'sent' }]),
      )
      const messages = await devGet<Array<{ idempotencyKey: string }>>(second, '/messages')
      expect(messages.map((m) => m.idempotencyKey)).toEqual(['xdance-outbox-1'])
      expect(second.output()).toMatch(/already had xdance-outbox-1 /)
    } finally {
      second.child.kill('SIGTERM')
      await new Promise((resolve) => second.child.once('exit', resolve))
    }
  }, 60_000)
})
