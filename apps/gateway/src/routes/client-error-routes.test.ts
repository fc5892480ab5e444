import { afterEach, describe, expect, test } from 'vitest'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

interface DevClientError {
  id: number
  message: string
  stack: string
  route: string
  userAgent: string
  kind: string
  hasAuthorization: boolean
  receivedAt: string
}

const list = async (): Promise<DevClientError[]> =>
  (await (await fetch(`${gw.apiUrl}/__dev/client-errors`)).json()) as DevClientError[]

const REPORT = {
  message: "TypeError: Cannot read properties of undefined (reading 'title')",
  stack: 'TypeError: …\n    at ClassPage (class-page.js:12:7)',
  route: '/class/7',
  userAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0',
  kind: 'render',
}

describe('POST /client-errors', () => {
  test('a bug report is kept with message, stack, route and user agent, and shown by the dev API', async () => {
    gw = await startTestGateway()
    const res = await gw.call('POST', '/client-errors', { body: REPORT })
    expect(res.body).toMatchObject({ code: 200, data: { kept: true } })
    const [kept] = await list()
    expect(kept).toMatchObject({ ...REPORT, hasAuthorization: false, receivedAt: '2025-06-02T02:00:00.000Z' })
  })

  test.each([
    ['message over 1000 characters', { message: 'x'.repeat(1001) }],
    ['stack over 8000 characters', { message: 'm', stack: 's'.repeat(8001) }],
    ['an empty message', { message: '' }],
    ['an unknown kind', { message: 'm', kind: 'network' }],
  ])('bounded size: %s is refused with 40001 and not kept', async (_name, body) => {
    gw = await startTestGateway()
    expect((await gw.call('POST', '/client-errors', { body })).body.code).toBe(40001)
    expect(await list()).toEqual([])
  })

  test('rate-limited per address: over the limit a report is answered kept: false and not stored', async () => {
    gw = await startTestGateway({ limits: { clientErrorsPerAddressPerMinute: 2 } })
    const kept = []
    for (let i = 0; i < 4; i++) {
      kept.push((await gw.call<{ kept: boolean }>('POST', '/client-errors', { body: REPORT })).body.data.kept)
    }
    expect(kept).toEqual([true, true, false, false])
    expect(await list()).toHaveLength(2)
    gw.clock.advance(60_000)
    expect(
      (await gw.call<{ kept: boolean }>('POST', '/client-errors', { body: REPORT })).body.data.kept,
    ).toBe(true)
  })
})
