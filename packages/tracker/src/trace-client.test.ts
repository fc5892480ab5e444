import { createGatewayClient, type GatewayClient } from '@xdance/http'
import { configureBrowser, resetBrowser, setOpenId } from '@xdance/session'
import { startServer, type TestServer } from '@xdance/testkit'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { fakeBrowser, MemoryStorage } from '../test/fake-browser'
import { TRACE_MARK_PATH } from './constants'
import { createTracker } from './trace'
import type { TraceClient } from './trace-mark'
import type { TrackerError } from './tracker-error'

// Compile-time check: the real gateway client fits the tracker's structural client type.
const fits = (client: GatewayClient): TraceClient => client

let server: TestServer
const received: { path: string; body: unknown }[] = []
let localStorage: MemoryStorage
let answer = { status: 200, body: '{"code":200,"data":null,"msg":"ok"}' }

beforeAll(async () => {
  server = await startServer((req, res, body) => {
    received.push({ path: req.url ?? '', body: JSON.parse(body.toString() || 'null') })
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(answer.body)
  })
})
afterAll(() => server.close())
beforeEach(() => {
  received.length = 0
  answer = { status: 200, body: '{"code":200,"data":null,"msg":"ok"}' }
  localStorage = new MemoryStorage()
  resetBrowser()
  // The client reads the session (cookies, mode) through `@xdance/session`; the tracker reads the page's storage
  // through its window: the same storage here, as in a page.
  configureBrowser({
    localStorage,
    sessionStorage: new MemoryStorage(),
    location: undefined,
    document: undefined,
  })
})

function setup() {
  const toasts: string[] = []
  const errors: TrackerError[] = []
  const client = createGatewayClient({
    baseURL: `${server.url}/dance`,
    notify: (message) => toasts.push(message),
  })
  const fake = fakeBrowser({ href: 'https://h5.example.com/courses/7', localStorage })
  const tracker = createTracker({
    reportURL: `${server.url}/dance/report/behavior/report`,
    client: fits(client),
    browser: fake.browser,
    onError: (error) => errors.push(error),
  })
  return { tracker, toasts, errors }
}

test('a trace mark reaches the gateway through a real GatewayClient, as JSON with the spec fields', async () => {
  const { tracker, errors } = setup()
  setOpenId('open-9')
  tracker.routeChanged({ path: '/courses/7', meta: { autoReport: false } })
  await tracker.trace({ courseId: 7 })
  expect(errors).toEqual([])
  expect(received).toHaveLength(1)
  expect(received[0]?.path).toBe(`/dance${TRACE_MARK_PATH}`)
  expect(received[0]?.body).toMatchObject({
    deviceId: expect.any(String),
    endpoint: 'h5',
    extra: '{"courseId":7}',
    openId: 'open-9',
    path: '/courses/7',
    traceType: 'page',
    url: 'https://h5.example.com/courses/7',
    userId: '',
  })
})

test('a gateway that fails shows no toast and does not throw out of the tracker', async () => {
  const { tracker, toasts, errors } = setup()
  answer = { status: 502, body: '<html>Bad gateway</html>' }
  tracker.routeChanged({ path: '/courses/7', meta: { autoReport: false } })
  await expect(tracker.trace()).resolves.toBeUndefined()
  expect(toasts).toEqual([])
  expect(errors.map((error) => error.code)).toEqual(['TRACE_FAILED'])
})
