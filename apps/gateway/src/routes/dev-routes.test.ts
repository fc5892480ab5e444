import { request } from 'node:http'
import type { Order } from '@xdance/contract'
import { TERMS_VERSION } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { GatewayServerError } from '../core/gateway-server-error'
import { createPayPlatformEmulator } from '../emulation/wechat-pay/wechat-pay-platform'
import { DEMO_PAY_SETTINGS } from '../parties/wechat-pay/pay-settings'
import { createGateway } from '../start-up/gateway'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

const dev = (method: string, path: string, body?: unknown) =>
  fetch(`${gw.apiUrl}/__dev${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  })

describe('the dev API', () => {
  test.each([
    ['GET', '/reports'],
    ['GET', '/traces'],
    ['POST', '/reset'],
    ['GET', '/sms?phone=13800138000'],
    ['POST', '/faults'],
    ['POST', '/cards'],
  ])('without demo mode, %s /__dev%s does not exist (40401 envelope)', async (method, path) => {
    gw = await startTestGateway({ demo: false })
    const res = await dev(method, path, method === 'POST' ? {} : undefined)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ code: 40401, data: null, msg: '接口不存在', tips: '' })
  })

  test('GET /__dev/sms answers the last code sent to a phone, with its expiry and attempts', async () => {
    gw = await startTestGateway()
    await gw.call('POST', '/auth/sms', { body: { phone: '13800138000', consent: TERMS_VERSION } })
    const sms = await (await dev('GET', '/sms?phone=13800138000')).json()
    expect(sms).toMatchObject({
      phone: '13800138000',
      code: expect.stringMatching(/^\d{6}$/),
      sentAt: '2025-06-02T02:00:00.000Z',
      expiresAt: '2025-06-02T02:05:00.000Z',
      attempts: 0,
      consumed: false,
    })
  })

  test('GET /__dev/sms refuses a bad phone (40001) and a phone with no code (40401)', async () => {
    gw = await startTestGateway()
    expect(await (await dev('GET', '/sms?phone=1')).json()).toMatchObject({ code: 40001 })
    expect(await (await dev('GET', '/sms')).json()).toMatchObject({ code: 40001 })
    expect(await (await dev('GET', '/sms?phone=13900000000')).json()).toMatchObject({ code: 40401 })
  })

  test('POST /__dev/reset empties reports and traces, forgets sign-ins, codes sent and faults, and reseeds the studio', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn('13800138000')
    await fetch(`${gw.apiUrl}/report/behavior/report?a=1`)
    await gw.call('POST', '/elephant/boss/trace/mark', { body: { path: '/' } })
    await dev('POST', '/faults', { path: '/articles', code: 50001, count: 5 })
    const klass = await (await dev('POST', '/classes', { capacity: 1 })).json()

    expect(await (await dev('POST', '/reset')).json()).toEqual({ ok: true })
    expect(gw.emulators?.messages.sentCodes()).toEqual([])
    expect(await (await dev('GET', '/sms?phone=13800138000')).json()).toMatchObject({ code: 40401 })
    expect(await (await dev('GET', '/reports')).json()).toEqual([])
    expect(await (await dev('GET', '/traces')).json()).toEqual([])
    expect(await (await dev('GET', '/faults')).json()).toEqual([])
    expect((await gw.call('GET', '/me', { auth })).body.code).toBe(401)
    expect((await gw.call('GET', `/classes/${klass.id}`)).body.code).toBe(40401)
    expect((await gw.call('GET', '/articles')).body.code).toBe(200)
    const again = await gw.signIn('13800138000')
    const bookings = await gw.call<{ upcoming: unknown[] }>('GET', '/bookings', { auth: again })
    expect(bookings.body.data.upcoming).toHaveLength(1)
  })

  test('POST /__dev/cards gives a card to a phone, creating the customer', async () => {
    gw = await startTestGateway()
    const res = await (await dev('POST', '/cards', { phone: '13700000000', credits: 4, validDays: 7 })).json()
    expect(res).toMatchObject({
      cardId: expect.any(Number),
      phone: '13700000000',
      credits: 4,
      name: '4 次卡',
    })
    const auth = await gw.signIn('13700000000')
    const cards = await gw.call<{ list: Array<{ creditsLeft: number }> }>('GET', '/cards', { auth })
    expect(cards.body.data.list).toMatchObject([{ creditsLeft: 4 }])
  })

  test('POST /__dev/classes stages a class at a chosen time and size', async () => {
    gw = await startTestGateway()
    const res = await (
      await dev('POST', '/classes', {
        startsAt: '2025-06-05T18:30:00+08:00',
        capacity: 2,
        booked: 2,
        style: 'latin',
      })
    ).json()
    expect(res).toMatchObject({
      date: '2025-06-05',
      startsAt: '2025-06-05T18:30:00+08:00',
      capacity: 2,
      status: 'full',
      style: 'latin',
    })
  })

  test.each([
    ['/cards', { phone: 'x' }],
    ['/cards', { phone: '13700000000', credits: 0 }],
    ['/classes', { capacity: 0 }],
    ['/classes', { capacity: 2, booked: 3 }],
    ['/classes', { startsAt: 'tomorrow' }],
    ['/classes', { startsAt: '+275760-09-13T00:00:00.000Z' }],
    ['/classes', { startsAt: '2020-01-01T00:00:00+08:00' }],
    ['/classes', { style: 'tango' }],
    ['/classes', { level: 'x' }],
    ['/classes', { teacherId: 999 }],
  ])('POST /__dev%s with %j is refused with 40001', async (path, body) => {
    gw = await startTestGateway()
    expect(await (await dev('POST', path, body)).json()).toMatchObject({ code: 40001 })
  })
})

describe('faults', () => {
  test('code: the next N matching requests answer that envelope code, then normal answers resume', async () => {
    gw = await startTestGateway()
    const added = await (await dev('POST', '/faults', { path: '/org', code: 50001, count: 2 })).json()
    expect(added).toMatchObject({ id: 1, path: '/org', count: 2, remaining: 2, code: 50001 })
    const codes = []
    for (let i = 0; i < 3; i++) codes.push((await gw.call('GET', '/org')).body)
    expect(codes[0]).toEqual({ code: 50001, data: null, msg: '服务器开小差了，请稍后再试', tips: '' })
    expect(codes[1]?.code).toBe(50001)
    expect(codes[2]?.code).toBe(200)
  })

  test('code: msg, tips and data can be chosen, and any code (401, "fail") can be staged', async () => {
    gw = await startTestGateway()
    await dev('POST', '/faults', { path: '/me', code: 401 })
    await dev('POST', '/faults', { path: '/org', code: 'fail', msg: '自定义', tips: '提示', data: { x: 1 } })
    expect((await gw.call('GET', '/me')).body).toMatchObject({ code: 401, msg: '登录已失效，请重新登录' })
    expect((await gw.call('GET', '/org')).body).toEqual({
      code: 'fail',
      data: { x: 1 },
      msg: '自定义',
      tips: '提示',
    })
  })

  test('http502: an HTTP 502 with an HTML body, as a front proxy would answer', async () => {
    gw = await startTestGateway()
    await dev('POST', '/faults', { path: '/classes', http502: true })
    const res = await fetch(`${gw.apiUrl}/classes`)
    expect(res.status).toBe(502)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toContain('<h1>502 Bad Gateway</h1>')
  })

  test('drop: the connection is closed with no answer, so the client sees a network error', async () => {
    gw = await startTestGateway()
    await dev('POST', '/faults', { path: '/elephant/boss/trace/mark', drop: true })
    await expect(
      fetch(`${gw.apiUrl}/elephant/boss/trace/mark`, { method: 'POST', body: '{}' }),
    ).rejects.toThrow(TypeError)
    expect((await gw.call('POST', '/elephant/boss/trace/mark', { body: {} })).body.code).toBe(200)
  })

  test('delay: the answer is held back (a client timeout fires first), then the normal answer follows', async () => {
    gw = await startTestGateway()
    await dev('POST', '/faults', { path: '/articles', delayMs: 60_000 })
    await expect(fetch(`${gw.apiUrl}/articles`, { signal: AbortSignal.timeout(200) })).rejects.toThrow(
      /abort|timeout/i,
    )
    await dev('POST', '/faults', { path: '/articles', delayMs: 100 })
    const order: string[] = []
    const slow = gw.call('GET', '/articles').then((r) => {
      order.push('delayed')
      return r
    })
    await gw.call('GET', '/org').then(() => order.push('other'))
    expect((await slow).body.code).toBe(200)
    expect(order).toEqual(['other', 'delayed'])
  })

  test('delay combines with code: wait, then answer the code', async () => {
    gw = await startTestGateway()
    await dev('POST', '/faults', { path: '/org', delayMs: 20, code: 40901 })
    expect((await gw.call('GET', '/org')).body).toMatchObject({ code: 40901, msg: '该课程已约满' })
  })

  test('method, a path given with the prefix, and a trailing * narrow or widen what matches', async () => {
    gw = await startTestGateway()
    await dev('POST', '/faults', { path: '/dance-gateway/classes/*', method: 'get', code: 50001, count: 10 })
    expect((await gw.call('GET', '/classes')).body.code).toBe(200)
    expect((await gw.call('GET', '/classes/1')).body.code).toBe(50001)
    await dev('POST', '/faults', { path: '/elephant/boss/trace/mark', method: 'POST', code: 50001 })
    expect((await gw.call('GET', '/elephant/boss/trace/mark')).body.code).toBe(40401)
    expect((await gw.call('POST', '/elephant/boss/trace/mark', { body: {} })).body.code).toBe(50001)
  })

  test('GET /__dev/faults lists what is left; DELETE clears them; the dev API itself is never faulted', async () => {
    gw = await startTestGateway()
    await dev('POST', '/faults', { path: '/org', code: 50001, count: 3 })
    await dev('POST', '/faults', { path: '/__dev/reports', code: 50001 })
    await gw.call('GET', '/org')
    expect(await (await dev('GET', '/faults')).json()).toMatchObject([{ path: '/org', remaining: 2 }, {}])
    expect(Array.isArray(await (await dev('GET', '/reports')).json())).toBe(true)
    expect(await (await dev('DELETE', '/faults')).json()).toEqual({ cleared: 2 })
    expect((await gw.call('GET', '/org')).body.code).toBe(200)
  })

  test.each([
    [{ code: 1 }, 'path'],
    [{ path: 'org', code: 1 }, 'path'],
    [{ path: '/org' }, 'code'],
    [{ path: '/org', code: 1, drop: true }, 'code'],
    [{ path: '/org', http502: true, drop: true }, 'code'],
    [{ path: '/org', code: 1.5 }, 'code'],
    [{ path: '/org', code: 1, count: 0 }, 'count'],
    [{ path: '/org', delayMs: -1 }, 'delayMs'],
    [{ path: '/org', delayMs: 200_000 }, 'delayMs'],
    [{ path: '/org', drop: 'yes' }, 'drop'],
    [{ path: '/org', code: 1, method: 'FETCH' }, 'method'],
  ])('POST /__dev/faults %j is refused with 40001 naming %s', async (body, field) => {
    gw = await startTestGateway()
    expect(await (await dev('POST', '/faults', body)).json()).toMatchObject({ code: 40001, data: { field } })
  })

  test('a drop fault answered in-process (no socket) rejects like a network failure', async () => {
    const gateway = createGateway({ demo: true })
    try {
      await gateway.fetch(
        new Request('http://local/dance-gateway/__dev/faults', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ path: '/org', drop: true }),
        }),
      )
      const error = await gateway
        .fetch(new Request('http://local/dance-gateway/org'))
        .catch((e: unknown) => e)
      expect(GatewayServerError.isInstance(error) && error.kind).toBe('dropped')
    } finally {
      await gateway.close()
    }
  })
})

/** A raw request, so that the Host header can be anything (as after DNS rebinding). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('who may call the dev API', () => {
  test('demo mode on a non-loopback address refuses to start unless told so: the demo merchant stays on this machine', async () => {
    await expect(startTestGateway({ host: '0.0.0.0' })).rejects.toMatchObject({
      name: 'GatewayServerError',
      code: 'DEMO_ON_PUBLIC_HOST',
      message: expect.stringContaining('GATEWAY_DEMO_PUBLIC=1'),
    })
  })

  test('demo mode on a public address on purpose: random merchant keys, so the key in the source forges nothing', async () => {
    gw = await startTestGateway({ host: '0.0.0.0', demoOnPublicHost: true })
    expect(gw.logs.join('\n')).toContain('random merchant keys, no dev API')
    const auth = await gw.signIn('13712345000')
    const order = (await gw.call<Order>('POST', '/orders', { auth, body: { productId: 2 } })).body.data
    // A notification an attacker builds from the source: the demo API v3 key, a platform key pair of their own
    // under the gateway's serial (which is public: every notification carries it).
    const attacker = createPayPlatformEmulator()
    const note = attacker.pay(DEMO_PAY_SETTINGS, gw.clock.now().getTime(), order)
    note.headers['wechatpay-serial'] = gw.emulators?.payPlatform?.serial ?? ''
    const forged = await fetch(`${gw.apiUrl}/pay/notify`, {
      method: 'POST',
      headers: note.headers,
      body: note.body,
    })
    expect(forged.status).toBe(401)
    const cards = await gw.call<{ list: unknown[] }>('GET', '/cards', { auth })
    expect(cards.body.data.list).toEqual([])
  })

  test('in demo mode on a non-loopback address on purpose the dev API is not mounted, and the log says so', async () => {
    gw = await startTestGateway({ host: '0.0.0.0', demoOnPublicHost: true })
    expect(gw.devApi).toBe(false)
    expect(gw.address).toBe('0.0.0.0')
    expect(await (await dev('GET', '/sms?phone=13800138000')).json()).toMatchObject({ code: 40401 })
    expect(gw.logs.join('\n')).toContain('the dev API (/__dev) is not mounted')
    // The demo studio is still there.
    expect((await gw.call<{ orgId: string }>('GET', '/org')).body.data.orgId).toBe('10001')
  })

  test('a call from another origin is refused with HTTP 403 and 40301; the gateway’s own origin is not', async () => {
    gw = await startTestGateway()
    expect(gw.devApi).toBe(true)
    const foreign = await fetch(`${gw.apiUrl}/__dev/reset`, {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
    })
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toMatchObject({ code: 40301, msg: '开发接口只接受本机同源的请求' })
    const own = await fetch(`${gw.apiUrl}/__dev/reset`, { method: 'POST', headers: { origin: gw.url } })
    expect(await own.json()).toEqual({ ok: true })
    const nullOrigin = await fetch(`${gw.apiUrl}/__dev/faults`, { headers: { origin: 'null' } })
    expect(nullOrigin.status).toBe(403)
  })

  test('a call whose Host is not a loopback name (DNS rebinding) is refused', async () => {
    gw = await startTestGateway()
    const rebound = await rawGet(`${gw.apiUrl}/__dev/sms?phone=13800138000`, {
      host: `evil.example:${gw.port}`,
      origin: `http://evil.example:${gw.port}`,
    })
    expect(rebound.status).toBe(403)
    const local = await rawGet(`${gw.apiUrl}/__dev/faults`, { host: `localhost:${gw.port}` })
    expect([local.status, local.body]).toEqual([200, '[]'])
  })

  test('behind a trusted proxy (the app’s server on the LAN): a phone on the LAN is refused, this machine is not', async () => {
    gw = await startTestGateway({ trustProxy: true })
    const forwarded = (client: string, origin?: string) =>
      rawGet(`${gw.apiUrl}/__dev/faults`, {
        'x-forwarded-for': client,
        'x-forwarded-host': 'localhost:8080',
        ...(origin ? { origin } : {}),
      })
    // The app's server listens on 0.0.0.0 and forwards for a phone: the dev API is not the phone's to call.
    expect((await forwarded('192.168.1.20')).status).toBe(403)
    const otherOrigin = await rawGet(`${gw.apiUrl}/__dev/faults`, {
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-host': 'localhost:8080',
      origin: 'http://evil.example',
    })
    expect(otherOrigin.status).toBe(403)
    const local = await rawGet(`${gw.apiUrl}/__dev/faults`, {
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-host': 'localhost:8080',
      origin: 'http://localhost:8080',
    })
    expect([local.status, local.body]).toEqual([200, '[]'])
  })
})

describe('paging the dev records', () => {
  const reportIds = async (query = '') =>
    ((await (await dev('GET', `/reports${query}`)).json()) as Array<{ id: number }>).map((r) => r.id)
  const traceIds = async (query = '') =>
    ((await (await dev('GET', `/traces${query}`)).json()) as Array<{ id: number }>).map((r) => r.id)

  test('the default is every record, newest last; ?limit= keeps the newest; ?after= pages on from an id', async () => {
    gw = await startTestGateway()
    for (let i = 0; i < 7; i++) {
      await fetch(`${gw.apiUrl}/report/behavior/report?uuid=u${i}`)
      await gw.call('POST', '/elephant/boss/trace/mark', { body: { path: `/${i}` } })
    }
    expect(await reportIds()).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(await reportIds('?limit=3')).toEqual([5, 6, 7])
    expect(await reportIds('?after=2&limit=3')).toEqual([3, 4, 5])
    expect(await reportIds('?after=7')).toEqual([])
    expect(await traceIds('?limit=2')).toEqual([6, 7])
    expect(await traceIds('?after=5')).toEqual([6, 7])
  })

  test.each(['?limit=0', '?limit=5001', '?limit=ten', '?after=-1'])(
    '%s is refused with 40001',
    async (query) => {
      gw = await startTestGateway()
      expect(await (await dev('GET', `/reports${query}`)).json()).toMatchObject({ code: 40001 })
    },
  )

  test('without ?limit= at most 1,000 records come back, the newest', async () => {
    // In process (no sockets): 1,005 beacons over HTTP took over 5 s on two busy cores; the paging is the same.
    const gateway = createGateway({ demo: true, limits: { recordsPerAddressPerMinute: 2000 } })
    try {
      const local = (path: string) => gateway.fetch(new Request(`http://127.0.0.1/dance-gateway${path}`))
      for (let i = 0; i < 1005; i++) {
        expect((await local(`/report/behavior/report?uuid=u${i}`)).status).toBeLessThan(300)
      }
      const ids = ((await (await local('/__dev/reports')).json()) as Array<{ id: number }>).map((r) => r.id)
      expect(ids).toHaveLength(1000)
      expect(ids[0]).toBe(6)
      expect(ids.at(-1)).toBe(1005)
    } finally {
      await gateway.close()
    }
  })
})
