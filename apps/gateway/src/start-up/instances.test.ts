import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { TERMS_VERSION } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { connectPostgres, exclusiveLockKey } from '../db/postgres'
import { devPost } from '../testing/shop-helpers'
import { TEST_POSTGRES, testDatabase } from '../testing/test-database'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

// Several gateways on one PostgreSQL database: what one process used to keep for itself (sessions, codes, limits,
// idempotency keys, the dev clock, the scheduler's turn) is the database's, so any instance answers any request.
// Two gateways in this process stand for two instances (each has its own connection and its own memory); the last
// test starts two real processes at the same moment on an empty database.

const PHONE = '13712345678'
let gateways: TestGateway[] = []

afterEach(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()))
  gateways = []
})

async function twoInstances(options: Parameters<typeof startTestGateway>[0] = {}) {
  const db = testDatabase()
  const a = await startTestGateway({ ...options, db })
  const b = await startTestGateway({ ...options, db })
  gateways.push(a, b)
  return { a, b, db }
}

describe.skipIf(!TEST_POSTGRES)('two instances on one PostgreSQL database', () => {
  test('a code sent by one signs in on the other, and the session works on both', async () => {
    const { a, b } = await twoInstances()
    await a.call('POST', '/auth/sms', { body: { phone: PHONE, consent: TERMS_VERSION } })
    const code = a.lastCode(PHONE)
    expect(code).toMatch(/^\d{6}$/)
    const login = await b.call<{ head: string; token: string }>('POST', '/auth/login', {
      body: { phone: PHONE, code },
    })
    expect(login.body.code).toBe(200)
    const auth = `${login.body.data.head}${login.body.data.token}`
    expect((await a.call('GET', '/me', { auth })).body.code).toBe(200)
    expect((await b.call('GET', '/me', { auth })).body.code).toBe(200)
  })

  test('a booking retried on the other instance with its Idempotency-Key gets the first answer, one seat taken', async () => {
    const { a, b } = await twoInstances()
    const klass = await devPost<{ id: number }>(a, '/classes', { capacity: 1, booked: 0 })
    await devPost(a, '/cards', { phone: PHONE, credits: 5 })
    const auth = await a.signIn(PHONE)
    const init = { auth, body: { classId: klass.id }, headers: { 'idempotency-key': 'retry-elsewhere' } }
    const first = await a.call('POST', '/bookings', init)
    const again = await b.call('POST', '/bookings', init)
    expect(first.body.code).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect((await b.call<{ booked: number }>('GET', `/classes/${klass.id}`, { auth })).body.data.booked).toBe(
      1,
    )
  })

  test('the last seat, asked for on both instances at once, is sold once', async () => {
    const { a, b } = await twoInstances()
    const klass = await devPost<{ id: number }>(a, '/classes', { capacity: 1, booked: 0 })
    const phones = ['13712340001', '13712340002']
    const auths: string[] = []
    for (const phone of phones) {
      await devPost(a, '/cards', { phone, credits: 5 })
      auths.push(await a.signIn(phone))
    }
    const answers = await Promise.all(
      auths.map((auth, i) =>
        (i === 0 ? a : b).call('POST', '/bookings', { auth, body: { classId: klass.id } }),
      ),
    )
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, 40901])
  })

  test('the sinks’ per-address limit is counted across instances', async () => {
    const { a, b } = await twoInstances({ limits: { recordsPerAddressPerMinute: 3 } })
    const codes: unknown[] = []
    for (const gateway of [a, b, a, b]) {
      codes.push((await gateway.call('POST', '/elephant/boss/trace/mark', { body: { path: '/' } })).body.code)
    }
    expect(codes).toEqual([200, 200, 200, 42903])
  })

  test('the dev clock moved on one instance is the studio time on the other', async () => {
    const { a, b } = await twoInstances()
    const before = await b.call<{ offsetMs: number }>('GET', '/__dev/clock')
    expect(before.body).toMatchObject({ offsetMs: 0 })
    await devPost(a, '/clock', { advanceMs: 3_600_000 })
    // The other instance reads the offset again at most OFFSET_READ_MS (250 ms) after its last read.
    await expect
      .poll(async () => (await b.call<{ offsetMs: number }>('GET', '/__dev/clock')).body, { timeout: 2_000 })
      .toMatchObject({ offsetMs: 3_600_000 })
  })

  test('the due-time work runs on one instance at a time: while another holds its turn, this one skips', async () => {
    const { a, db } = await twoInstances()
    const auth = await a.signIn(PHONE)
    // An unpaid order (15 minutes to pay), then an hour later: the next run has it to expire.
    expect((await a.call('POST', '/orders', { auth, body: { productId: 2 } })).body.code).toBe(200)
    // An outside holder of the turn (another instance mid-run) ...
    const other = connectPostgres(db)
    const key = exclusiveLockKey('due-work')
    try {
      expect(other.query(`SELECT pg_try_advisory_lock(${key}) AS taken`).rows).toEqual([{ taken: 1 }])
      // ... so this instance's run does nothing now ...
      const skipped = await devPost<{ ran: { expiredOrders: number } }>(a, '/clock', { advanceMs: 3_600_000 })
      expect(skipped.ran.expiredOrders).toBe(0)
      other.query(`SELECT pg_advisory_unlock(${key})`)
    } finally {
      other.close()
    }
    // ... and the next turn, free again, does what was due.
    const ran = await devPost<{ ran: { expiredOrders: number } }>(a, '/clock', { advanceMs: 1 })
    expect(ran.ran.expiredOrders).toBe(1)
  })
})

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url))

describe.skipIf(!TEST_POSTGRES)('instances started at the same moment on an empty database', () => {
  test('migrate once, seed the demo studio once, both answer, and both stop on SIGTERM with their connections closed', async () => {
    expect(existsSync(MAIN), 'dist/main.js is missing: build the gateway first (pnpm build)').toBe(true)
    const db = testDatabase()
    // The template is migrated: start from an empty database instead.
    const admin = connectPostgres(db)
    admin.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
    admin.close()
    const started = await Promise.all([startProcess(db), startProcess(db)])
    try {
      for (const instance of started) {
        const health = await fetch(`${instance.url}/healthz`)
        expect(health.status).toBe(200)
      }
      const check = connectPostgres(db)
      try {
        expect(check.query('SELECT version FROM schema_version').rows).toEqual([
          { version: expect.any(Number) },
        ])
        expect(check.query('SELECT COUNT(*) AS n FROM orgs').rows).toEqual([{ n: 1 }])
        expect(check.query('SELECT COUNT(*) AS n FROM products').rows[0]?.n).toBeGreaterThan(0)
        // One demo schedule, not two: no two classes of one studio start at the same time in the same room.
        expect(
          check.query(
            `SELECT COUNT(*) AS n FROM (SELECT org_id, room, starts_at FROM classes
             GROUP BY org_id, room, starts_at HAVING COUNT(*) > 1) AS doubled`,
          ).rows,
        ).toEqual([{ n: 0 }])
      } finally {
        check.close()
      }
    } finally {
      // A supervisor's SIGTERM to each: in-flight requests finished, the database closed, exit 0.
      expect(await Promise.all(started.map((instance) => instance.stop()))).toEqual([0, 0])
    }
    const after = connectPostgres(db)
    try {
      expect(
        after.query(
          "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'xdance-gateway%' AND pid <> pg_backend_pid()",
        ).rows,
      ).toEqual([{ n: 0 }])
    } finally {
      after.close()
    }
  })
})

async function startProcess(db: string): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', GATEWAY_DB: db, GATEWAY_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in 20 s:\n${output}`)), 20_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const found = /listening on (127\.0\.0\.1:\d+)/.exec(output)
      if (found) {
        clearTimeout(timer)
        resolve(`http://${found[1]}`)
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`gateway exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    stop: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode)
        child.on('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      }),
  }
}
