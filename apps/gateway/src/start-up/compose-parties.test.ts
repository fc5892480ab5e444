import { generateKeyPairSync } from 'node:crypto'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { GatewayContext } from '../core/context'
import { openDatabase } from '../db/database'
import { DEFAULT_LIMITS } from '../limits/gateway-limits'
import type { GatewayEnv } from '../routes/gateway-env'
import { testDatabase } from '../testing/test-database'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'
import { composeParties } from './compose-parties'

const PREFIX = '/dance-gateway'

function contextOf(demo: boolean): GatewayContext {
  return {
    db: openDatabase(testDatabase()),
    now: () => Date.parse('2025-06-02T02:00:00Z'),
    demo,
    prefix: PREFIX,
    log: () => {},
    limits: DEFAULT_LIMITS,
    trustProxy: false,
    reminderMinutes: 120,
  }
}

// Every route the emulation mounts in demo mode (dev API included), read from the emulation itself, so that a new
// emulated route is covered without editing this test.
function emulatedRoutes(): Array<{ method: string; path: string }> {
  const ctx = contextOf(true)
  const api = new Hono<GatewayEnv>()
  composeParties(ctx).parties.emulation.mount(api, true)
  ctx.db.close()
  return api.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => ({ method: route.method, path: route.path.replace(/:\w+/g, 'XD20250602-000001') }))
}

// A real account's settings (nothing here is called: the WeChat API base is a closed port).
const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const REAL = {
  wechat: { appId: 'wx1234567890abcdef', appSecret: 's3cret', apiBase: 'https://127.0.0.1:9' },
  pay: {
    appId: 'wx1234567890abcdef',
    mchId: '1230000109',
    apiV3Key: 'a-real-merchant-api-v3-key-32byt',
    platformKeys: { PUB_KEY_ID_0001: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
  },
}

let demo: TestGateway
let real: TestGateway
beforeAll(async () => {
  demo = await startTestGateway()
  real = await startTestGateway({ demo: false, ...REAL })
})
afterAll(async () => {
  await demo?.close()
  await real?.close()
})

const hit = (gw: TestGateway, route: { method: string; path: string }) =>
  fetch(`${gw.apiUrl}${route.path}`, {
    method: route.method,
    redirect: 'manual',
    ...(route.method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
  })

// The API's answer to a path it does not have: the NOT_FOUND envelope.
const isNoSuchEndpoint = async (res: Response) => {
  const text = await res.text()
  try {
    return (JSON.parse(text) as { code?: unknown }).code === 40401
  } catch {
    return false
  }
}

describe('the emulated outside parties', () => {
  test('demo mode mounts them: WeChat’s pages, its JS-SDK and icon font, paying, the providers’ messages', async () => {
    const routes = emulatedRoutes()
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /wechat-demo/authorize',
        'GET /wechat-demo/jweixin.js',
        'GET /wechat-demo/iconfont.js',
        'POST /wechat-demo/verify',
        'GET /wechat-pay-demo/checkout',
        'POST /wechat-pay-demo/checkout',
        'POST /wechat-pay-demo/jsapi',
        'POST /__dev/pay/XD20250602-000001',
        'GET /__dev/messages',
      ]),
    )
    for (const route of routes) {
      expect([route, await isNoSuchEndpoint(await hit(demo, route))]).toEqual([route, false])
    }
  })

  test('with the demo off, none of them exists, WeChat and WeChat Pay set up for real or not', async () => {
    const routes = emulatedRoutes()
    expect(routes.length).toBeGreaterThan(0)
    for (const route of routes) {
      expect([route, await isNoSuchEndpoint(await hit(real, route))]).toEqual([route, true])
    }
  })

  test('with the demo off, the parties are the real ones', () => {
    const ctx = contextOf(false)
    const { parties, emulators } = composeParties(ctx, REAL)
    ctx.db.close()
    expect(emulators).toBeUndefined()
    expect(parties.emulation.formPaths).toEqual([])
    expect(parties.wechat.emulated).toBe(false)
    expect(parties.pay?.mchId).toBe('1230000109')
    expect(Object.keys(parties.pay?.platformKeys ?? {})).toEqual(['PUB_KEY_ID_0001'])
  })
})
