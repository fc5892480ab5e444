import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { TERMS_VERSION } from '@xdance/contract'
import { afterAll, describe, expect, test } from 'vitest'
import { GatewayServerError } from '../core/gateway-server-error'
import { createGateway, startGateway } from './gateway'

const folder = mkdtempSync(join(tmpdir(), 'xdance-gateway-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

async function errorOf(run: () => unknown): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('starting', () => {
  test('port 0 picks a free port; url, port and apiUrl agree', async () => {
    const gw = await startGateway()
    try {
      expect(gw.port).toBeGreaterThan(0)
      expect(gw.url).toBe(`http://127.0.0.1:${gw.port}`)
      expect(gw.apiUrl).toBe(`${gw.url}/dance-gateway`)
      expect(await (await fetch(`${gw.url}/healthz`)).json()).toEqual({ status: 'ok', demo: false })
    } finally {
      await gw.close()
    }
  })

  test('a demo gateway shows its users the same fields as any other: nothing emulated is public', async () => {
    const gw = await startGateway({ demo: true })
    try {
      expect(Object.keys(gw).sort()).toEqual([
        'address',
        'apiUrl',
        'close',
        'devApi',
        'fetchInside',
        'port',
        'url',
      ])
    } finally {
      await gw.close()
    }
  })

  test('two gateways run side by side, each with its own in-memory database', async () => {
    const [a, b] = await Promise.all([startGateway({ demo: true }), startGateway({ demo: true })])
    try {
      await fetch(`${a.apiUrl}/report/behavior/report?x=1`)
      expect(await (await fetch(`${a.apiUrl}/__dev/reports`)).json()).toHaveLength(1)
      expect(await (await fetch(`${b.apiUrl}/__dev/reports`)).json()).toHaveLength(0)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  test('a custom prefix moves the whole API', async () => {
    const gw = await startGateway({ prefix: '/api/v2', demo: true })
    try {
      expect((await (await fetch(`${gw.url}/api/v2/org`)).json()).code).toBe(200)
      expect(gw.apiUrl.endsWith('/api/v2')).toBe(true)
    } finally {
      await gw.close()
    }
  })

  test.each(['dance-gateway', '/dance-gateway/', '/', '/a b', ''])(
    'prefix %j is refused as a config error',
    async (prefix) => {
      const error = await errorOf(() => startGateway({ prefix }))
      expect(GatewayServerError.isInstance(error) && [error.kind, error.code]).toEqual([
        'config',
        'INVALID_PREFIX',
      ])
    },
  )

  test.each([-1, 65_536, 1.5])('port %d is refused as a config error', async (port) => {
    const error = await errorOf(() => startGateway({ port }))
    expect(GatewayServerError.isInstance(error) && error.code).toBe('INVALID_PORT')
  })

  test('a port in use is reported as PORT_IN_USE', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const address = blocker.address()
    const port = typeof address === 'object' && address ? address.port : 0
    try {
      const error = await errorOf(() => startGateway({ port }))
      expect(GatewayServerError.isInstance(error) && [error.kind, error.code]).toEqual([
        'listen',
        'PORT_IN_USE',
      ])
    } finally {
      blocker.close()
    }
  })

  test('CORS is off by default and allows credentials for configured origins only', async () => {
    const gw = await startGateway({ corsOrigins: ['http://localhost:5173'] })
    const plain = await startGateway()
    try {
      const allowed = await fetch(`${gw.apiUrl}/org`, { headers: { origin: 'http://localhost:5173' } })
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true')
      const other = await fetch(`${gw.apiUrl}/org`, { headers: { origin: 'http://evil.example' } })
      expect(other.headers.get('access-control-allow-origin')).toBeNull()
      const none = await fetch(`${plain.apiUrl}/org`, { headers: { origin: 'http://localhost:5173' } })
      expect(none.headers.get('access-control-allow-origin')).toBeNull()
    } finally {
      await Promise.all([gw.close(), plain.close()])
    }
  })
})

describe('the database file', () => {
  test('is created with its folder, keeps data across restarts, and is left closed and checkpointed', async () => {
    const file = join(folder, 'nested', 'gateway.db')
    const first = await startGateway({ db: file, demo: true })
    await fetch(`${first.apiUrl}/auth/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13800138000', consent: TERMS_VERSION }),
    })
    const { code } = await (await fetch(`${first.apiUrl}/__dev/sms?phone=13800138000`)).json()
    const login = await (
      await fetch(`${first.apiUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '13800138000', code }),
      })
    ).json()
    const classesBefore = (await (await fetch(`${first.apiUrl}/classes`)).json()).data.list.length
    await first.close()
    // SQLite removes the write-ahead log when the last connection closes cleanly.
    expect(existsSync(`${file}-wal`)).toBe(false)

    const second = await startGateway({ db: file, demo: true })
    try {
      const me = await (
        await fetch(`${second.apiUrl}/me`, {
          headers: { authorization: `${login.data.head}${login.data.token}` },
        })
      ).json()
      expect(me.data.userId).toBe('20001')
      expect((await (await fetch(`${second.apiUrl}/classes`)).json()).data.list.length).toBe(classesBefore)
    } finally {
      await second.close()
    }
  })

  test('a schema newer than this gateway is refused rather than touched', async () => {
    const file = join(folder, 'future.db')
    const db = new DatabaseSync(file)
    db.exec('PRAGMA user_version = 99')
    db.close()
    const error = await errorOf(() => startGateway({ db: file }))
    expect(GatewayServerError.isInstance(error) && [error.kind, error.code]).toEqual([
      'database',
      'DB_TOO_NEW',
    ])
  })

  test('/healthz is ok while the database reads and writes, and 503 with the reason once it cannot', async () => {
    const file = join(folder, 'health.db')
    const gw = await startGateway({ db: file })
    try {
      expect(await (await fetch(`${gw.url}/healthz`)).json()).toEqual({ status: 'ok', demo: false })
      // Someone breaks the database under the running gateway.
      const other = new DatabaseSync(file)
      other.exec('DROP TABLE health')
      other.close()
      const res = await fetch(`${gw.url}/healthz`)
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({ status: 'error', reason: 'no such table: health' })
    } finally {
      await gw.close()
    }
  })

  test('an unopenable location is reported as DB_OPEN_FAILED', async () => {
    const error = await errorOf(() => startGateway({ db: join(folder, 'future.db', 'inside-a-file.db') }))
    expect(GatewayServerError.isInstance(error) && error.code).toBe('DB_OPEN_FAILED')
  })
})

/** Resolves once the gateway has taken every staged fault, i.e. the faulted request is in flight. */
async function faultsTaken(apiUrl: string): Promise<void> {
  for (;;) {
    const pending = (await (await fetch(`${apiUrl}/__dev/faults`)).json()) as unknown[]
    if (pending.length === 0) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('graceful shutdown', () => {
  test('close() lets an in-flight request finish, then refuses new connections', async () => {
    const gw = await startGateway({ demo: true })
    await fetch(`${gw.apiUrl}/__dev/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/org', delayMs: 300 }),
    })
    const inFlight = fetch(`${gw.apiUrl}/org`)
    await faultsTaken(gw.apiUrl)
    const closed = gw.close()
    const res = await inFlight
    expect(res.status).toBe(200)
    expect((await res.json()).data.orgId).toBe('10001')
    await closed
    await expect(fetch(`${gw.url}/healthz`)).rejects.toThrow()
  })

  test('healthz says closing while in-flight requests finish', async () => {
    const gateway = createGateway({ demo: true })
    await gateway.listen()
    const closing = gateway.close()
    const res = await gateway.fetch(new Request('http://local/healthz'))
    expect(res.status).toBe(503)
    await closing
  })

  test('a request that outlives the grace period is cut off so close() still ends', async () => {
    const gw = await startGateway({ demo: true, shutdownGraceMs: 100 })
    await fetch(`${gw.apiUrl}/__dev/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/org', delayMs: 60_000 }),
    })
    const stuck = fetch(`${gw.apiUrl}/org`).then(
      (res) => res.status,
      () => 'cut off',
    )
    await faultsTaken(gw.apiUrl)
    await gw.close()
    expect(['cut off', 200]).toContain(await stuck)
  })

  test('close() is idempotent and works on a gateway that never listened', async () => {
    const gw = await startGateway()
    await Promise.all([gw.close(), gw.close()])
    const idle = createGateway()
    await idle.close()
    await idle.close()
    const error = await errorOf(() => idle.listen())
    expect(GatewayServerError.isInstance(error) && error.code).toBe('CLOSED')
  })
})

test('createGateway().fetch answers in-process, without a socket', async () => {
  const gateway = createGateway({ demo: true })
  try {
    const res = await gateway.fetch(new Request('http://local/dance-gateway/org'))
    expect((await res.json()).data.orgId).toBe('10001')
  } finally {
    await gateway.close()
  }
})
