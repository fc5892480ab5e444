import { createServer } from 'node:net'
import { describe, expect, test } from 'vitest'
import { GatewayServerError } from '../core/gateway-server-error'
import { openDatabase } from './database'
import { isPostgresUrl, shownLocation } from './postgres'

describe('GATEWAY_DB as a PostgreSQL URL', () => {
  test.each([
    ['postgres://xdance@db:5432/xdance', true],
    ['postgresql://xdance@db/xdance', true],
    ['/srv/xdance/gateway.db', false],
    [':memory:', false],
  ])('%s is a PostgreSQL URL: %s', (location, expected) => {
    expect(isPostgresUrl(location)).toBe(expected)
  })

  test('the password never reaches a log line', () => {
    expect(shownLocation('postgres://xdance:s3cret@db:5432/xdance')).toBe(
      'postgres://xdance:***@db:5432/xdance',
    )
    expect(shownLocation('postgres://xdance@db:5432/xdance')).toBe('postgres://xdance@db:5432/xdance')
  })

  test('a server that is not there stops the start with DB_OPEN_FAILED, naming the URL without its password', async () => {
    // A port nothing listens on: taken, then released.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address()
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    let failure: unknown
    try {
      openDatabase(`postgres://xdance:s3cret@127.0.0.1:${port}/xdance`).close()
    } catch (error) {
      failure = error
    }
    expect(GatewayServerError.isInstance(failure)).toBe(true)
    expect(failure).toMatchObject({ kind: 'database', code: 'DB_OPEN_FAILED' })
    expect(String((failure as Error).message)).toContain(`postgres://xdance:***@127.0.0.1:${port}/xdance`)
    expect(String((failure as Error).message)).not.toContain('s3cret')
  })
})
