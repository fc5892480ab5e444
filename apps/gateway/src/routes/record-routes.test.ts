import { afterEach, describe, expect, test } from 'vitest'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

interface Report {
  id: number
  method: string
  params: Record<string, string>
  body: string | null
  hasAuthorization: boolean
  receivedAt: string
}
interface Trace {
  id: number
  body: Record<string, unknown>
  hasAuthorization: boolean
  receivedAt: string
}

const devList = async <T>(what: 'reports' | 'traces'): Promise<T[]> =>
  (await (await fetch(`${gw.apiUrl}/__dev/${what}`)).json()) as T[]

const VISIT = {
  actionType: 'visit',
  url: 'https://h5.example.com/marketing/article?id=3&sharer=u9',
  eventTime: '1748829600000',
  actionDuration: '5230',
  uuid: 'c0ffee-uuid',
  openId: '',
  orgId: '10001',
  visitProgress: '75',
  contentId: '3',
  sharer: 'u9',
}

describe('visit reports', () => {
  test('the pixel (GET) answers a 1x1 GIF that is never cached and stores the query parameters', async () => {
    gw = await startTestGateway()
    const res = await fetch(`${gw.apiUrl}/report/behavior/report?${new URLSearchParams(VISIT)}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/gif')
    expect(res.headers.get('cache-control')).toContain('no-store')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 6))).toBe('GIF89a')
    expect(bytes[6]).toBe(1)
    expect(bytes[8]).toBe(1)
    const [report] = await devList<Report>('reports')
    expect(report).toMatchObject({ method: 'GET', params: VISIT, body: null, hasAuthorization: false })
    expect(report?.receivedAt).toBe('2025-06-02T02:00:00.000Z')
  })

  test('the beacon (POST) answers 204 and stores the query parameters and any body', async () => {
    gw = await startTestGateway()
    const res = await fetch(`${gw.apiUrl}/report/behavior/report?${new URLSearchParams(VISIT)}`, {
      method: 'POST',
      body: 'beacon-body',
      headers: { authorization: 'Bearer whatever' },
    })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    const [report] = await devList<Report>('reports')
    expect(report).toMatchObject({
      method: 'POST',
      params: VISIT,
      body: 'beacon-body',
      hasAuthorization: true,
    })
  })

  test('reports come back newest last, with the time each was received', async () => {
    gw = await startTestGateway()
    for (const n of ['1', '2', '3']) {
      await fetch(`${gw.apiUrl}/report/behavior/report?uuid=${n}`)
      gw.clock.advance(1000)
    }
    const reports = await devList<Report>('reports')
    expect(reports.map((r) => r.params.uuid)).toEqual(['1', '2', '3'])
    expect(reports.map((r) => r.receivedAt)).toEqual([
      '2025-06-02T02:00:00.000Z',
      '2025-06-02T02:00:01.000Z',
      '2025-06-02T02:00:02.000Z',
    ])
  })
})

describe('what is kept', () => {
  test('a visit report keeps the spec fields plus contentId and sharer, and drops other parameters', async () => {
    gw = await startTestGateway()
    await fetch(
      `${gw.apiUrl}/report/behavior/report?${new URLSearchParams({ ...VISIT, utm: 'x', token: 'y' })}`,
    )
    const [report] = await devList<Report>('reports')
    expect(report?.params).toEqual(VISIT)
  })

  test('a visit report with a field over 4,096 characters is refused with 40001 and not stored', async () => {
    gw = await startTestGateway()
    const res = await fetch(`${gw.apiUrl}/report/behavior/report?url=${'x'.repeat(5000)}`)
    expect(await res.json()).toMatchObject({ code: 40001, data: { field: 'url' } })
    expect(await devList<Report>('reports')).toEqual([])
  })

  test('a trace mark keeps the spec fields and orgId, as text, and drops anything else', async () => {
    gw = await startTestGateway()
    await gw.call('POST', '/elephant/boss/trace/mark', { body: { path: '/', userId: 20001, secret: 'x' } })
    const [trace] = await devList<Trace>('traces')
    expect(trace?.body).toEqual({ path: '/', userId: '20001' })
  })
})

describe('trace marks', () => {
  const MARK = {
    deviceId: 'dev-1',
    endpoint: 'h5',
    extra: '{"from":"banner","n":1}',
    openId: 'o_1',
    path: '/classes',
    traceType: 'page',
    url: 'https://h5.example.com/classes',
    userId: '20001',
    orgId: '10001',
  }

  test('a signed-out visitor’s mark is stored with no Authorization noted', async () => {
    gw = await startTestGateway()
    const res = await gw.call<{ id: number }>('POST', '/elephant/boss/trace/mark', { body: MARK })
    expect(res.body).toEqual({ code: 200, data: { id: 1 }, msg: 'ok', tips: '' })
    const [trace] = await devList<Trace>('traces')
    expect(trace).toMatchObject({
      body: MARK,
      hasAuthorization: false,
      receivedAt: '2025-06-02T02:00:00.000Z',
    })
  })

  test('a mark sent with an Authorization header is noted as such, even when the token is not valid', async () => {
    gw = await startTestGateway()
    await gw.call('POST', '/elephant/boss/trace/mark', { body: MARK, auth: 'Bearer stale' })
    const [trace] = await devList<Trace>('traces')
    expect(trace?.hasAuthorization).toBe(true)
  })

  test('marks come back newest last', async () => {
    gw = await startTestGateway()
    for (const path of ['/a', '/b', '/c'])
      await gw.call('POST', '/elephant/boss/trace/mark', { body: { path } })
    expect((await devList<Trace>('traces')).map((t) => t.body.path)).toEqual(['/a', '/b', '/c'])
  })

  test.each([
    [{ path: 42 }, 200],
    [{ path: ['x'] }, 40001],
    [{ userId: { id: 1 } }, 40001],
    [{ url: 'x'.repeat(5000) }, 40001],
    [{ extra: { deep: [1, 2, { a: null }] } }, 40001],
    [{ extra: 'x'.repeat(2048) }, 200],
    [{ extra: 'x'.repeat(2049) }, 40001],
    [{}, 200],
  ])('a mark %j answers %i', async (body, code) => {
    gw = await startTestGateway()
    expect((await gw.call('POST', '/elephant/boss/trace/mark', { body })).body.code).toBe(code)
  })
})

describe('per-address limits', () => {
  test('past the limit a visit report is still answered, but not stored, until the minute turns', async () => {
    gw = await startTestGateway({ limits: { recordsPerAddressPerMinute: 3 } })
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const pixel = await fetch(
        `${gw.apiUrl}/report/behavior/report?${new URLSearchParams({ ...VISIT, uuid: `p${i}` })}`,
      )
      statuses.push(pixel.status)
      const beacon = await fetch(`${gw.apiUrl}/report/behavior/report?uuid=b${i}`, {
        method: 'POST',
        body: 'x',
      })
      statuses.push(beacon.status)
    }
    expect(statuses).toEqual([200, 204, 200, 204, 200, 204, 200, 204, 200, 204])
    expect((await devList<Report>('reports')).map((r) => r.params.uuid)).toEqual(['p0', 'b0', 'p1'])
    gw.clock.advance(60_000)
    await fetch(`${gw.apiUrl}/report/behavior/report?uuid=later`)
    expect((await devList<Report>('reports')).map((r) => r.params.uuid).at(-1)).toBe('later')
  })

  test('past the limit a trace mark is refused with 42903 and when to retry; other addresses are not', async () => {
    gw = await startTestGateway({ limits: { recordsPerAddressPerMinute: 2 }, trustProxy: true })
    const mark = (from: string) =>
      gw.call<{ retryAfter?: number }>('POST', '/elephant/boss/trace/mark', {
        body: { path: '/' },
        headers: { 'x-forwarded-for': from },
      })
    expect((await mark('203.0.113.1')).body.code).toBe(200)
    gw.clock.advance(20_000)
    expect((await mark('203.0.113.1')).body.code).toBe(200)
    const refused = await mark('203.0.113.1')
    expect(refused.body).toMatchObject({
      code: 42903,
      msg: '请求太频繁，请稍后再试',
      data: { retryAfter: 40 },
    })
    expect((await mark('203.0.113.2')).body.code).toBe(200)
    expect(await devList<Trace>('traces')).toHaveLength(3)
  })
})
