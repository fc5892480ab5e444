// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { startServer, type TestServer } from '@xdance/testkit'
import { act } from 'react'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { visitsOnly } from '../examples/visits-only'
import { withoutReact } from '../examples/without-react'
import type { TraceClient } from './trace-mark'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')
const requests: { method: string; path: string; body: string }[] = []
let server: TestServer

beforeAll(async () => {
  server = await startServer((req, res, body) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', body: body.toString() })
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200,"data":null}')
  })
  // The page lives on the local collector, so the example's relative gateway URLs go there.
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.url}/`)
  document.body.innerHTML = '<div id="root"></div>'
})
afterAll(() => server.close())

test.each(['../examples/quick-start.tsx', '../examples/without-react.ts', '../examples/visits-only.ts'])(
  'the README shows %s verbatim',
  (path) => {
    expect(read('../README.md')).toContain(read(path))
  },
)

test('the example without React sends the automatic mark of /courses and the page’s own mark of /courses/7', async () => {
  const bodies: unknown[] = []
  const client: TraceClient = {
    request: async (_path, options) => {
      bodies.push(options.body)
      return { code: 200 }
    },
  }
  const tracker = await withoutReact(`${server.url}/dance-gateway`, client)
  tracker.stop()
  expect(bodies).toMatchObject([
    { path: '/courses', extra: '' },
    { path: '/courses/7', extra: '{"courseId":7}' },
  ])
})

test('the quick start runs: it renders, sends a trace mark, and reports the visit when the page is left', async () => {
  // The page's clock is the test's (Date only: the rest of the timers stay real), from before the tracker starts.
  vi.useFakeTimers({ toFake: ['Date'] })
  await act(async () => {
    await import('../examples/quick-start')
  })
  expect(document.getElementById('root')?.textContent).toBe('Classes')
  await vi.waitFor(() =>
    expect(
      requests.find((request) => request.path === '/dance-gateway/elephant/boss/trace/mark'),
    ).toBeDefined(),
  )
  const mark = requests.find((request) => request.path === '/dance-gateway/elephant/boss/trace/mark')
  expect(JSON.parse(mark?.body ?? '{}')).toMatchObject({ endpoint: 'h5', path: '/', traceType: 'page' })

  // The visit lasts 150 ms by the page's clock (a visit under 100 ms is not reported): moved on, not waited for.
  vi.setSystemTime(Date.now() + 150)
  window.dispatchEvent(new Event('pagehide'))
  vi.useRealTimers()
  await vi.waitFor(() =>
    expect(requests.some((request) => request.path.startsWith('/dance-gateway/report/'))).toBe(true),
  )
  const report = requests.find((request) => request.path.startsWith('/dance-gateway/report/behavior/report?'))
  const params = new URL(report?.path ?? '', server.url).searchParams
  expect([report?.method, params.get('actionType'), params.get('url')]).toEqual([
    'POST',
    'visit',
    `${server.url}/`,
  ])
})

test('the visits-only example reports the visit it flushes, and posts no trace mark', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  const before = requests.length
  const tracker = visitsOnly(`${server.url}/visits-only`)
  vi.setSystemTime(Date.now() + 150)
  tracker.flush()
  tracker.stop()
  vi.useRealTimers()
  await vi.waitFor(() =>
    expect(requests.slice(before).some((request) => request.path.startsWith('/visits-only/report/'))).toBe(
      true,
    ),
  )
  expect(requests.slice(before).map((request) => request.path.split('?')[0])).toEqual([
    '/visits-only/report/behavior/report',
  ])
})
