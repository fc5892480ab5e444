import { ANONYMOUS_ID_KEY, configureBrowser, resetBrowser, setOpenId, setUserId } from '@xdance/session'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { type FakeBrowserOptions, fakeBrowser, MemoryStorage } from '../test/fake-browser'
import { TRACE_MARK_PATH } from './constants'
import { createTracker, type TraceTrackerOptions } from './trace'
import type { TraceClient, TraceMark } from './trace-mark'
import type { TrackerError } from './tracker-error'

const REPORT_URL = 'https://gw.example.com/dance/report/behavior/report'
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'

// The page's storage, seen by the tracker through its window and by `@xdance/session` (which writes the identifiers).
let storage: { local: MemoryStorage; session: MemoryStorage }

beforeEach(() => {
  storage = { local: new MemoryStorage(), session: new MemoryStorage() }
  storage.local.setItem(ANONYMOUS_ID_KEY, 'anon-1')
  resetBrowser()
  configureBrowser({ localStorage: storage.local, sessionStorage: storage.session })
})

function setup(browserOptions: FakeBrowserOptions = {}, options: Partial<TraceTrackerOptions> = {}) {
  const fake = fakeBrowser({
    localStorage: storage.local,
    sessionStorage: storage.session,
    ...browserOptions,
  })
  const errors: TrackerError[] = []
  const tracker = createTracker({
    reportURL: REPORT_URL,
    browser: fake.browser,
    onError: (error) => errors.push(error),
    ...options,
  })
  tracker.start()
  return { fake, tracker, errors }
}

describe('visit reports', () => {
  test('are the visit tracker’s: a route change reports the visit it ends', () => {
    const ctx = setup()
    ctx.tracker.routeChanged({ path: '/a', url: 'https://h5.example.com/a', navigation: 'push' })
    ctx.fake.advance(300)
    ctx.tracker.routeChanged({ path: '/b', navigation: 'push' })
    expect(ctx.fake.sent.map((report) => report.params)).toMatchObject([
      { actionType: 'visit', url: 'https://h5.example.com/a', actionDuration: '300', uuid: 'anon-1' },
    ])
  })

  test('ignoreNext, flush and stop are the visit tracker’s too', () => {
    const ctx = setup()
    ctx.tracker.routeChanged({ path: '/a' })
    ctx.fake.advance(300)
    ctx.tracker.ignoreNext()
    ctx.tracker.flush()
    ctx.tracker.routeChanged({ path: '/b' })
    ctx.fake.advance(300)
    ctx.tracker.flush()
    ctx.tracker.stop()
    expect(ctx.fake.listeners.size).toBe(0)
    expect(ctx.fake.sent.map((report) => new URL(report.params.url ?? '').pathname)).toEqual(['/home'])
  })
})

describe('extra parameters: the article rule by default', () => {
  test('an iPhone visit of /marketing/article carries contentId and sharer', () => {
    const ctx = setup({ userAgent: IPHONE_UA })
    ctx.tracker.routeChanged({
      path: '/marketing/article',
      url: 'https://h5.example.com/#/marketing/article?id=42&sharer=u7',
    })
    ctx.fake.advance(300)
    ctx.tracker.flush()
    expect(ctx.fake.sent[0]?.params).toMatchObject({ contentId: '42', sharer: 'u7', actionType: 'visit' })
  })

  test('on Android the same visit carries no extra parameter', () => {
    const ctx = setup()
    ctx.tracker.routeChanged({
      path: '/marketing/article',
      url: 'https://h5.example.com/marketing/article?id=42',
    })
    ctx.fake.advance(300)
    ctx.tracker.flush()
    expect(Object.keys(ctx.fake.sent[0]?.params ?? {})).not.toContain('contentId')
  })

  test('the rule is a hook: a custom one replaces it, and cannot replace a standard field', () => {
    const extraParams = vi.fn(() => ({ channel: 'spring', actionType: 'forged' }))
    const ctx = setup({ userAgent: IPHONE_UA }, { extraParams })
    ctx.tracker.routeChanged({
      path: '/marketing/article',
      url: 'https://h5.example.com/marketing/article?id=1',
    })
    ctx.fake.advance(300)
    ctx.tracker.flush()
    expect(extraParams).toHaveBeenCalledWith({
      path: '/marketing/article',
      url: 'https://h5.example.com/marketing/article?id=1',
      userAgent: IPHONE_UA,
    })
    expect(ctx.fake.sent[0]?.params).toMatchObject({ channel: 'spring', actionType: 'visit' })
    expect(ctx.fake.sent[0]?.params).not.toHaveProperty('contentId')
  })
})

describe('trace marks', () => {
  function traceSetup(options: Partial<TraceTrackerOptions> = {}, request?: TraceClient['request']) {
    const calls: [string, Parameters<TraceClient['request']>[1]][] = []
    const client: TraceClient = {
      request:
        request ??
        (async (path, requestOptions) => {
          calls.push([path, requestOptions])
          return { code: 200 }
        }),
    }
    return { ...setup({ href: 'https://h5.example.com/courses?page=2' }, { client, ...options }), calls }
  }

  test('every route change posts a trace mark with the fields of the spec, silently and with needCode', async () => {
    const ctx = traceSetup()
    setOpenId('open-9')
    setUserId('user-3')
    ctx.tracker.routeChanged({ path: '/courses', navigation: 'push' })
    await vi.waitFor(() => expect(ctx.calls).toHaveLength(1))
    expect(ctx.calls[0]).toEqual([
      TRACE_MARK_PATH,
      {
        method: 'POST',
        body: {
          deviceId: 'anon-1',
          endpoint: 'h5',
          extra: '',
          openId: 'open-9',
          path: '/courses',
          traceType: 'page',
          url: 'https://h5.example.com/courses?page=2',
          userId: 'user-3',
        } satisfies TraceMark,
        needCode: true,
        silent: true,
      },
    ])
  })

  test.each([
    [{}, 1],
    [{ traceReport: true }, 1],
    [{ traceReport: false }, 0],
    [{ autoReport: false }, 0],
    [{ traceReport: true, autoReport: false }, 0],
  ])('route meta %j sends %i automatic marks', async (meta, count) => {
    const ctx = traceSetup()
    ctx.tracker.routeChanged({ path: '/a', meta })
    await Promise.resolve()
    expect(ctx.calls).toHaveLength(count)
  })

  test('with autoReport: false the page sends its own mark, extra as JSON', async () => {
    const ctx = traceSetup()
    ctx.tracker.routeChanged({ path: '/article', meta: { autoReport: false } })
    await ctx.tracker.trace({ articleId: 7, title: 'Salsa' })
    expect(ctx.calls.map(([, options]) => options.body.extra)).toEqual(['{"articleId":7,"title":"Salsa"}'])
    expect(ctx.calls[0]?.[1].body.path).toBe('/article')
  })

  test('a failing trace mark never throws: trace resolves and onError gets TRACE_FAILED with the cause', async () => {
    const cause = new Error('gateway down')
    const ctx = traceSetup({}, async () => {
      throw cause
    })
    ctx.tracker.routeChanged({ path: '/a' })
    await expect(ctx.tracker.trace('x')).resolves.toBeUndefined()
    expect(ctx.errors.map((error) => [error.code, error.cause])).toEqual([
      ['TRACE_FAILED', cause],
      ['TRACE_FAILED', cause],
    ])
  })

  test('a client that throws synchronously, or an extra that cannot be JSON, is a TRACE_FAILED too', async () => {
    const ctx = traceSetup({}, () => {
      throw new TypeError('bad client')
    })
    await ctx.tracker.trace()
    const circular: Record<string, unknown> = {}
    circular.self = circular
    const ok = traceSetup()
    await ok.tracker.trace(circular)
    expect([...ctx.errors, ...ok.errors].map((error) => error.code)).toEqual(['TRACE_FAILED', 'TRACE_FAILED'])
    expect(ok.calls).toEqual([])
  })

  test('without a client no mark is sent on route changes, and trace() reports NO_CLIENT', async () => {
    const ctx = setup()
    ctx.tracker.routeChanged({ path: '/a' })
    expect(ctx.errors).toEqual([])
    await expect(ctx.tracker.trace()).resolves.toBeUndefined()
    expect(ctx.errors.map((error) => error.code)).toEqual(['NO_CLIENT'])
  })
})

describe('the anonymous id', () => {
  test('where storage refuses to keep it, the trace mark and the visit report still carry the same one', async () => {
    const refusing = new MemoryStorage()
    refusing.getItem = refusing.setItem = () => {
      throw new DOMException('blocked', 'SecurityError')
    }
    const bodies: TraceMark[] = []
    const ctx = setup(
      { localStorage: refusing },
      {
        client: {
          request: async (_path, options) => {
            bodies.push(options.body)
            return { code: 200 }
          },
        },
      },
    )
    ctx.tracker.routeChanged({ path: '/a' })
    ctx.fake.advance(300)
    ctx.tracker.flush()
    await vi.waitFor(() => expect(bodies).toHaveLength(1))
    const uuid = ctx.fake.sent[0]?.params.uuid
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(bodies[0]?.deviceId).toBe(uuid)
  })
})
