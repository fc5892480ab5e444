import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { GATEWAY_PREFIX } from '@xdance/contract'
import { ENDPOINTS } from '@xdance/contract/schemas'
import type { Hono } from 'hono'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { createGateway } from '../start-up/gateway'
import type { Gateway } from '../start-up/gateway-server'
import { testDatabase } from '../testing/test-database'

// Issue 29: a gateway route exists only as the route of a contract row, registered by `endpointRoutes`
// (`endpoint-route.ts`): the real gateway's routes are exactly the rows, and no file but that one registers a route
// under its own path, apart from the dev API and the emulation (which no contract has).

// Every Hono app the gateway builds, to read the routes it registered.
const apps: Hono[] = []
vi.mock('hono', async (importOriginal) => {
  const original = await importOriginal<typeof import('hono')>()
  class RecordedHono extends original.Hono {
    constructor(...args: ConstructorParameters<typeof original.Hono>) {
      super(...args)
      apps.push(this as unknown as Hono)
    }
  }
  return { ...original, Hono: RecordedHono }
})

const SRC = fileURLToPath(new URL('..', import.meta.url))
/** Where a route may be registered by hand: the one helper, the dev API's and the emulation's routes, the app's shell. */
const HAND_ROUTES = /^(routes\/endpoint-route\.ts|routes\/dev-[\w-]+\.ts|emulation\/.*|start-up\/app\.ts)$/
/** `api.get('/x', …)`, `app.on('POST', '/x', …)`, `api.post(\`${base}/x\`, …)`: a route by its own path. */
const ROUTE_CALL =
  /\.(get|post|put|patch|delete|all|on)\(\s*(?:\[?['"](?:GET|POST|PUT|PATCH|DELETE)['"]\]?\s*,\s*)?['"`]\//

let gateway: Gateway | undefined
afterAll(() => gateway?.close())

describe('a route is a row', () => {
  test("the gateway's routes under the prefix are exactly the contract's rows (outside demo mode)", async () => {
    gateway = createGateway({ db: testDatabase(), demo: false })
    const registered = new Set(
      apps
        .flatMap((app) => app.routes)
        .filter((route) => route.method !== 'ALL' && route.path.startsWith(`${GATEWAY_PREFIX}/`))
        .map((route) => `${route.method} ${route.path.slice(GATEWAY_PREFIX.length)}`),
    )
    expect([...registered].sort()).toEqual(Object.keys(ENDPOINTS).sort())
  })

  test('no file registers a route by its own path but the helper, the dev API, the emulation and the shell', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('testing/'),
    )
    const found = files
      .filter((file) => !HAND_ROUTES.test(file))
      .flatMap((file) =>
        readFileSync(join(SRC, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (ROUTE_CALL.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      )
    expect(found).toEqual([])
    // The scan sees the hand-registered routes where they are allowed, and the forms a stray route would take.
    const devRoutes = readFileSync(join(SRC, 'routes/dev-routes.ts'), 'utf8')
    expect(devRoutes.split('\n').some((line) => ROUTE_CALL.test(line))).toBe(true)
    for (const line of ["api.get('/me', h)", "api.on('POST', '/bookings', h)", 'api.post(`/orders`, h)']) {
      expect(ROUTE_CALL.test(line), line).toBe(true)
    }
    expect(ROUTE_CALL.test("on('GET /me', ({ customer }) => me(customer))")).toBe(false)
  })
})
