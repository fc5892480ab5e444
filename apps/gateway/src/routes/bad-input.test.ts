import { afterEach, describe, expect, test } from 'vitest'
import { startGateway } from '../start-up/gateway'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

const JSON_ENDPOINTS = ['/auth/sms', '/auth/login', '/bookings', '/elephant/boss/trace/mark']

describe('broken JSON', () => {
  test.each(JSON_ENDPOINTS)(
    'POST %s with broken JSON answers 40002 with a clear message and no stack',
    async (path) => {
      gw = await startTestGateway()
      const auth = await gw.signIn('13800138000')
      const res = await gw.call('POST', path, {
        raw: '{"phone": "138',
        auth,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        code: 40002,
        data: null,
        msg: '请求内容不是合法的 JSON',
        tips: '请检查请求体格式',
      })
    },
  )

  test.each([['[1,2]'], ['"text"'], ['42'], ['null']])(
    'a body of %s (JSON, not an object) answers 40001',
    async (raw) => {
      gw = await startTestGateway()
      const res = await gw.call('POST', '/auth/sms', { raw })
      expect(res.body).toMatchObject({ code: 40001, msg: '请求体必须是 JSON 对象' })
    },
  )
})

describe('media type', () => {
  test('a text/plain body to /auth/sms is refused with HTTP 415 and 41501, and no code is sent', async () => {
    gw = await startTestGateway()
    const res = await gw.call('POST', '/auth/sms', {
      raw: JSON.stringify({ phone: '13912345678' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    })
    expect(res.status).toBe(415)
    expect(res.body).toEqual({
      code: 41501,
      data: null,
      msg: '请求内容类型不支持',
      tips: '请以 application/json 发送请求体',
    })
    expect(gw.emulators?.messages.sentCodes()).toEqual([])
    expect(
      ((await (await fetch(`${gw.apiUrl}/__dev/sms?phone=13912345678`)).json()) as { code: number }).code,
    ).toBe(40401)
  })

  // A cross-site page can post text/plain (a "simple" request, no preflight) with the visitor's cookies and
  // network position; refusing every non-JSON body is what keeps such forms from sending codes, signing in or booking.
  test.each([
    ['/auth/sms', { phone: '13912345678' }],
    ['/auth/login', { phone: '13800138000', code: '123456' }],
    ['/bookings', { classId: 1 }],
  ])(
    'a cross-site text/plain POST to %s is refused with 41501 before anything happens',
    async (path, body) => {
      gw = await startTestGateway()
      const auth = await gw.signIn('13800138000')
      const before = (await (await fetch(`${gw.apiUrl}/__dev/sms?phone=13800138000`)).json()) as object
      const bookingsBefore = (await gw.call('GET', '/bookings', { auth })).body.data
      const res = await gw.call('POST', path, {
        auth,
        raw: JSON.stringify(body),
        headers: { 'content-type': 'text/plain', origin: 'http://evil.example' },
      })
      expect([res.status, res.body.code]).toEqual([415, 41501])
      expect(await (await fetch(`${gw.apiUrl}/__dev/sms?phone=13800138000`)).json()).toEqual(before)
      expect((await gw.call('GET', '/bookings', { auth })).body.data).toEqual(bookingsBefore)
    },
  )

  test.each([
    ['application/json; charset=utf-8', 200],
    ['application/vnd.xdance+json', 200],
    ['application/x-www-form-urlencoded', 41501],
    ['multipart/form-data; boundary=x', 41501],
  ])('a trace mark sent as %s answers %i', async (type, code) => {
    gw = await startTestGateway()
    const res = await gw.call('POST', '/elephant/boss/trace/mark', {
      raw: JSON.stringify({ path: '/' }),
      headers: { 'content-type': type },
    })
    expect(res.body.code).toBe(code)
  })

  test('a POST with no body at all needs no content type', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn('13800138000')
    expect((await gw.call('POST', '/auth/logout', { auth })).body.code).toBe(200)
  })

  test('the visit-report beacon takes text/plain, and any other type', async () => {
    gw = await startTestGateway()
    for (const type of ['text/plain;charset=UTF-8', 'application/octet-stream']) {
      const res = await fetch(`${gw.apiUrl}/report/behavior/report?uuid=u1`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: '{"not": "parsed"',
      })
      expect(res.status).toBe(204)
    }
    const reports = (await (await fetch(`${gw.apiUrl}/__dev/reports`)).json()) as Array<{ body: string }>
    expect(reports.map((r) => r.body)).toEqual(['{"not": "parsed"', '{"not": "parsed"'])
  })
})

describe('body size', () => {
  test('a body over 64 KB is refused with HTTP 413 and a 41301 envelope', async () => {
    gw = await startTestGateway()
    const raw = JSON.stringify({ path: 'x'.repeat(70_000) })
    const res = await gw.call('POST', '/elephant/boss/trace/mark', { raw })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ code: 41301, data: null, msg: '请求内容过大', tips: '请求体不能超过 64 KB' })
    const traces = await (await fetch(`${gw.apiUrl}/__dev/traces`)).json()
    expect(traces).toEqual([])
  })

  test('a streamed (chunked) body over 64 KB is refused too, without a content-length to go by', async () => {
    gw = await startTestGateway()
    const chunk = new TextEncoder().encode('x'.repeat(16_384))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const res = await fetch(`${gw.apiUrl}/report/behavior/report?a=1`, {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(((await res.json()) as { code: number }).code).toBe(41301)
  })

  test('a body of exactly 64 KB is accepted', async () => {
    gw = await startTestGateway()
    const body = 'x'.repeat(64 * 1024)
    const res = await fetch(`${gw.apiUrl}/report/behavior/report?uuid=big`, { method: 'POST', body })
    expect(res.status).toBe(204)
    const [report] = (await (await fetch(`${gw.apiUrl}/__dev/reports`)).json()) as Array<{ body: string }>
    expect(report?.body).toHaveLength(64 * 1024)
  })

  test('a JSON body streamed without a content-length is read as usual', async () => {
    gw = await startTestGateway()
    const bytes = new TextEncoder().encode(JSON.stringify({ path: '/streamed' }))
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes)
        controller.close()
      },
    })
    const res = await fetch(`${gw.apiUrl}/elephant/boss/trace/mark`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(((await res.json()) as { code: number }).code).toBe(200)
  })
})

describe('SQL-looking input', () => {
  const INJECTIONS = [
    "' OR '1'='1",
    '1; DROP TABLE customers; --',
    "x'); DELETE FROM cards; --",
    '%27%20OR%201=1',
  ]

  test.each(INJECTIONS)('as a phone, %j is refused by validation', async (phone) => {
    gw = await startTestGateway()
    expect((await gw.call('POST', '/auth/sms', { body: { phone } })).body.code).toBe(40001)
  })

  test.each([
    ['/classes?style=', 40001],
    ['/classes?from=', 40001],
    ['/classes/', 40001],
    ['/articles/', 40001],
    ['/articles?page=', 40001],
  ])('in %s…, every injection is refused with %i', async (path, code) => {
    gw = await startTestGateway()
    for (const text of INJECTIONS) {
      expect((await gw.call('GET', `${path}${encodeURIComponent(text)}`)).body.code).toBe(code)
    }
  })

  test('stored as data (trace marks, visit reports), they come back verbatim and every table is intact', async () => {
    gw = await startTestGateway()
    for (const text of INJECTIONS) {
      await gw.call('POST', '/elephant/boss/trace/mark', { body: { path: text, extra: text } })
      await fetch(`${gw.apiUrl}/report/behavior/report?${new URLSearchParams({ url: text })}`)
    }
    const traces = (await (await fetch(`${gw.apiUrl}/__dev/traces`)).json()) as Array<{
      body: { path: string }
    }>
    const reports = (await (await fetch(`${gw.apiUrl}/__dev/reports`)).json()) as Array<{
      params: { url: string }
    }>
    expect(traces.map((t) => t.body.path)).toEqual(INJECTIONS)
    expect(reports.map((r) => r.params.url)).toEqual(INJECTIONS)
    const auth = await gw.signIn('13800138000')
    expect((await gw.call<{ list: unknown[] }>('GET', '/cards', { auth })).body.data.list).toHaveLength(3)
    expect((await gw.call<{ total: number }>('GET', '/articles')).body.data.total).toBe(5)
  })
})

describe('unknown calls', () => {
  test.each([
    ['GET', '/nope'],
    ['POST', '/org'],
    ['DELETE', '/bookings'],
    ['GET', ''],
    ['GET', '/'],
  ])('%s <prefix>%s answers a 40401 envelope with HTTP 200', async (method, path) => {
    gw = await startTestGateway()
    const res = await gw.call(method, path)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 40401, data: null, msg: '接口不存在', tips: '' })
  })
})

test('an unexpected failure answers 50001 with the catalogue message; the details go to the log only', async () => {
  let broken = false
  const logs: string[] = []
  const gateway = await startGateway({
    now: () => {
      if (broken) throw new Error('the clock fell off the wall')
      return new Date()
    },
    log: (line) => logs.push(line),
  })
  try {
    broken = true
    const res = await fetch(`${gateway.apiUrl}/classes`)
    const text = await res.text()
    expect(res.status).toBe(200)
    expect(JSON.parse(text)).toEqual({ code: 50001, data: null, msg: '服务器开小差了，请稍后再试', tips: '' })
    expect(text).not.toContain('clock')
    expect(logs.join('\n')).toContain('the clock fell off the wall')
  } finally {
    await gateway.close()
  }
})
