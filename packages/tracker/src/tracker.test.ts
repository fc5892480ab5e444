import {
  ANONYMOUS_ID_KEY,
  configureBrowser,
  LATEST_DURATION_REPORT_KEY,
  readStorage,
  resetBrowser,
  setOpenId,
  setOrgId,
  writeStorage,
} from '@xdance/session'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { type FakeBrowserOptions, fakeBrowser, MemoryStorage } from '../test/fake-browser'
import type { TrackerWindow } from './browser'
import { MAX_REPORT_URL_LENGTH } from './constants'
import { createTracker, type TrackerOptions } from './tracker'
import { TrackerError } from './tracker-error'

// Compile-time check: a real window fits the seam.
export const realWindowFits = (window: Window & typeof globalThis): TrackerWindow => window

const REPORT_URL = 'https://gw.example.com/dance/report/behavior/report'
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'

// The page's storage: the tracker reads it through its window, and `@xdance/session` (which writes the identifiers
// the tracker sends) is configured with the same objects, so the tests also pin that both use the same keys.
let storage: { local: MemoryStorage; session: MemoryStorage }

beforeEach(() => {
  storage = { local: new MemoryStorage(), session: new MemoryStorage() }
  // The anonymous id an earlier visit stored.
  storage.local.setItem(ANONYMOUS_ID_KEY, 'anon-1')
  resetBrowser()
  configureBrowser({ localStorage: storage.local, sessionStorage: storage.session })
})

function setup(browserOptions: FakeBrowserOptions = {}, options: Partial<TrackerOptions> = {}) {
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
  return {
    fake,
    tracker,
    errors,
    paths: () => fake.sent.map((report) => new URL(report.params.url ?? '').pathname),
  }
}

/** A visit of `path` lasting `ms`, ended by the next route change. */
function visit(ctx: ReturnType<typeof setup>, path: string, ms: number) {
  ctx.tracker.routeChanged({ path, url: `https://h5.example.com${path}`, navigation: 'push' })
  ctx.fake.advance(ms)
}

/** A visit of /a reported on hiding (300 ms), then the page shown again: a new visit of /a, `ms` old. */
function resumedVisit(ms: number) {
  const ctx = setup()
  visit(ctx, '/a', 300)
  ctx.fake.hide()
  ctx.fake.show()
  ctx.fake.advance(ms)
  return ctx
}

describe('visit reports', () => {
  test('a route change reports the visit it ends, with every field of the spec', () => {
    const ctx = setup()
    const started = ctx.fake.now
    visit(ctx, '/courses', 1500)
    ctx.tracker.routeChanged({ path: '/courses/7', navigation: 'push' })
    expect(ctx.fake.sent).toHaveLength(1)
    expect(ctx.fake.sent[0]?.params).toEqual({
      actionType: 'visit',
      url: 'https://h5.example.com/courses',
      eventTime: String(started),
      actionDuration: '1500',
      uuid: 'anon-1',
      openId: '',
      orgId: '',
      visitProgress: '100',
    })
    expect(ctx.fake.sent[0]?.url.startsWith(`${REPORT_URL}?`)).toBe(true)
  })

  test('identifiers come from storage, and missing ones are sent as empty strings', () => {
    const ctx = setup()
    setOpenId('open-9')
    setOrgId('42')
    visit(ctx, '/a', 200)
    ctx.tracker.flush()
    expect(ctx.fake.sent[0]?.params).toMatchObject({ uuid: 'anon-1', openId: 'open-9', orgId: '42' })
  })

  test('the url defaults to location.href at the route change', () => {
    const ctx = setup({ href: 'https://h5.example.com/#/home?x=1' })
    ctx.tracker.routeChanged({ path: '/home' })
    ctx.fake.window.location.href = 'https://h5.example.com/#/elsewhere'
    ctx.fake.advance(200)
    ctx.tracker.flush()
    expect(ctx.fake.sent[0]?.params.url).toBe('https://h5.example.com/#/home?x=1')
  })

  test.each([
    ['pagehide', (ctx: ReturnType<typeof setup>) => ctx.fake.pagehide()],
    ['visibilitychange to hidden', (ctx: ReturnType<typeof setup>) => ctx.fake.hide()],
    ['flush()', (ctx: ReturnType<typeof setup>) => ctx.tracker.flush()],
  ])('%s ends and reports the visit', (_name, endVisit) => {
    const ctx = setup()
    visit(ctx, '/a', 300)
    endVisit(ctx)
    expect(ctx.fake.sent.map((report) => report.params.actionDuration)).toEqual(['300'])
  })

  test('hidden, then pagehide, then flush: the visit is reported once', () => {
    const ctx = setup()
    visit(ctx, '/a', 300)
    ctx.fake.hide()
    ctx.fake.advance(100)
    ctx.fake.pagehide()
    ctx.tracker.flush()
    ctx.tracker.routeChanged({ path: '/b' })
    expect(ctx.paths()).toEqual(['/a'])
  })

  test('coming back to the page starts a new visit, so hidden time is never counted', () => {
    const ctx = setup()
    visit(ctx, '/a', 300)
    ctx.fake.hide()
    ctx.fake.advance(60_000)
    ctx.fake.show()
    const resumed = ctx.fake.now
    ctx.fake.advance(700)
    ctx.fake.pagehide()
    expect(ctx.fake.sent.map((report) => [report.params.url, report.params.actionDuration])).toEqual([
      ['https://h5.example.com/a', '300'],
      ['https://h5.example.com/a', '700'],
    ])
    expect(ctx.fake.sent[1]?.params.eventTime).toBe(String(resumed))
  })

  test('a restore from the back/forward cache starts a new visit; a first pageshow does not', () => {
    const ctx = setup()
    visit(ctx, '/a', 300)
    ctx.fake.pageshow(false)
    ctx.fake.pagehide(true)
    ctx.fake.advance(5000)
    ctx.fake.pageshow(true)
    ctx.fake.advance(400)
    ctx.fake.pagehide()
    expect(ctx.fake.sent.map((report) => report.params.actionDuration)).toEqual(['300', '400'])
  })

  test('after flush(), only a return to the page starts the next visit (not a first-load pageshow)', () => {
    const ctx = setup()
    visit(ctx, '/a', 300)
    ctx.tracker.flush()
    ctx.fake.pageshow(false)
    ctx.fake.advance(1000)
    ctx.fake.pagehide()
    expect(ctx.fake.sent.map((report) => report.params.actionDuration)).toEqual(['300'])
    ctx.fake.show()
    ctx.fake.advance(450)
    ctx.fake.hide()
    expect(ctx.fake.sent.map((report) => report.params.actionDuration)).toEqual(['300', '450'])
  })

  test('a page opened in the background starts its visit when it is first shown', () => {
    const ctx = setup({ hidden: true })
    visit(ctx, '/a', 10_000)
    ctx.fake.show()
    ctx.fake.advance(250)
    ctx.fake.hide()
    expect(ctx.fake.sent.map((report) => report.params.actionDuration)).toEqual(['250'])
  })

  test('nothing is reported before the first route change', () => {
    const ctx = setup()
    ctx.fake.advance(1000)
    ctx.fake.hide()
    ctx.fake.show()
    ctx.fake.pageshow(true)
    ctx.fake.pagehide()
    ctx.tracker.flush()
    expect(ctx.fake.sent).toEqual([])
  })

  test('every sent report stores its path under latestDurationReport, marked when no route change made it', () => {
    const ctx = setup()
    visit(ctx, '/a', 200)
    visit(ctx, '/b', 200)
    expect(readStorage('session', LATEST_DURATION_REPORT_KEY)).toBe('/a')
    ctx.tracker.flush()
    expect(readStorage('session', LATEST_DURATION_REPORT_KEY)).toBe('/b#hidden')
    visit(ctx, '/c', 200)
    ctx.fake.hide()
    expect(readStorage('session', LATEST_DURATION_REPORT_KEY)).toBe('/c#hidden')
  })
})

describe('skipped visits', () => {
  test('ignoreNext skips the next report only, then clears', () => {
    const ctx = setup()
    visit(ctx, '/login-redirect', 500)
    ctx.tracker.ignoreNext()
    visit(ctx, '/a', 500)
    visit(ctx, '/b', 500)
    expect(ctx.paths()).toEqual(['/a'])
  })

  test('the ignore flag is used up by the visit that ends next, even one skipped for another reason', () => {
    const ctx = setup()
    ctx.tracker.ignoreNext()
    visit(ctx, '/a', 10)
    visit(ctx, '/b', 500)
    ctx.tracker.flush()
    expect(ctx.paths()).toEqual(['/b'])
  })

  test('nothing is reported inside a frame', () => {
    const ctx = setup({ inFrame: true })
    visit(ctx, '/a', 500)
    visit(ctx, '/b', 500)
    ctx.fake.pagehide()
    expect(ctx.fake.sent).toEqual([])
  })

  test('a back navigation that repeats the path a route change last reported is skipped', () => {
    const ctx = setup()
    visit(ctx, '/a', 300)
    visit(ctx, '/a', 300) // the route change reports the first visit of /a
    ctx.tracker.routeChanged({ path: '/previous', navigation: 'pop' })
    expect(ctx.paths()).toEqual(['/a'])
  })

  test('a visit resumed after the page was hidden is reported once when Back ends it', () => {
    const ctx = resumedVisit(400)
    ctx.tracker.routeChanged({ path: '/previous', navigation: 'pop' })
    ctx.fake.pagehide()
    ctx.tracker.flush()
    expect(ctx.fake.sent.map((report) => report.params.actionDuration)).toEqual(['300', '400'])
  })

  test.each([
    ['push', ['/a', '/a']],
    ['replace', ['/a', '/a']],
    ['pop', ['/a', '/a']],
  ] as const)('ending a visit resumed after hiding with %s reports it', (navigation, expected) => {
    const ctx = resumedVisit(300)
    ctx.tracker.routeChanged({ path: '/next', navigation })
    expect(ctx.paths()).toEqual(expected)
  })

  test.each([
    ['push', ['/a', '/a']],
    ['replace', ['/a', '/a']],
    ['pop', ['/a']],
  ] as const)('ending a repeat of the route change’s last report with %s', (navigation, expected) => {
    const ctx = setup()
    visit(ctx, '/a', 300)
    visit(ctx, '/a', 300)
    ctx.tracker.routeChanged({ path: '/next', navigation })
    expect(ctx.paths()).toEqual(expected)
  })

  test.each([
    ['a route change', (ctx: ReturnType<typeof setup>) => ctx.tracker.routeChanged({ path: '/x' }), ['/a']],
    ['pagehide', (ctx: ReturnType<typeof setup>) => ctx.fake.pagehide(), ['/a', '/a']],
    ['hiding', (ctx: ReturnType<typeof setup>) => ctx.fake.hide(), ['/a', '/a']],
  ])('after a reload, Back ending a repeat of a visit last reported by %s', (_name, endVisit, expected) => {
    const before = setup()
    visit(before, '/a', 300)
    endVisit(before)
    before.tracker.stop()
    // The reloaded page: a new tracker over the same session storage; the first load is a pop.
    const after = setup()
    after.tracker.routeChanged({ path: '/a', url: 'https://h5.example.com/a', navigation: 'pop' })
    after.fake.advance(300)
    after.tracker.routeChanged({ path: '/previous', navigation: 'pop' })
    expect([...before.paths(), ...after.paths()]).toEqual(expected)
  })

  test('a visit too short to report reads no storage, even when a back navigation ends it', () => {
    const ctx = setup()
    const reads = vi.spyOn(storage.session, 'getItem')
    ctx.tracker.routeChanged({ path: '/a', navigation: 'push' })
    ctx.fake.advance(50)
    ctx.tracker.routeChanged({ path: '/previous', navigation: 'pop' })
    expect(reads).not.toHaveBeenCalled()
    expect(ctx.fake.sent).toEqual([])
  })

  test('a back navigation from a page not reported last is reported', () => {
    const ctx = setup()
    writeStorage('session', LATEST_DURATION_REPORT_KEY, '/other')
    visit(ctx, '/a', 300)
    ctx.tracker.routeChanged({ path: '/previous', navigation: 'pop' })
    expect(ctx.paths()).toEqual(['/a'])
  })

  test.each([
    [99, undefined, []],
    [100, undefined, ['/a']],
    [249, 250, []],
    [250, 250, ['/a']],
    [0, 0, ['/a']],
  ])('a visit of %i ms with minDuration %s', (ms, minDuration, expected) => {
    const ctx = setup({}, minDuration === undefined ? {} : { minDuration })
    visit(ctx, '/a', ms)
    ctx.tracker.flush()
    expect(ctx.paths()).toEqual(expected)
  })

  test.each([
    [{ visitReport: false }, undefined, []],
    [{ visitReport: true }, undefined, ['/a']],
    [{}, { visitReport: false }, []],
    [{ visitReport: true }, { visitReport: false }, ['/a']],
    [{ traceReport: false }, undefined, ['/a']],
  ])('route meta %j over defaults %j', (meta, defaults, expected) => {
    const ctx = setup({}, defaults ? { defaults } : {})
    ctx.tracker.routeChanged({ path: '/a', url: 'https://h5.example.com/a', meta })
    ctx.fake.advance(300)
    ctx.tracker.flush()
    expect(ctx.paths()).toEqual(expected)
  })
})

describe('extra parameters', () => {
  test('the visit tracker adds none of its own, not even on an iPhone article', () => {
    const ctx = setup({ userAgent: IPHONE_UA })
    ctx.tracker.routeChanged({
      path: '/marketing/article',
      url: 'https://h5.example.com/marketing/article?id=42',
    })
    ctx.fake.advance(300)
    ctx.tracker.flush()
    expect(Object.keys(ctx.fake.sent[0]?.params ?? {}).sort()).toEqual([
      'actionDuration',
      'actionType',
      'eventTime',
      'openId',
      'orgId',
      'url',
      'uuid',
      'visitProgress',
    ])
  })

  test('the hook adds parameters, and cannot replace a standard field', () => {
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

describe('transport', () => {
  test.each([
    [true, 'beacon'],
    [false, 'pixel'],
    [null, 'pixel'],
  ] as const)('sendBeacon answering %s: the report goes by %s', (beacon, transport) => {
    const ctx = setup({ beacon })
    visit(ctx, '/a', 300)
    ctx.tracker.flush()
    expect(ctx.fake.sent.map((report) => report.transport)).toEqual([transport])
  })

  test('a long page URL is cut so the report stays under 2,000 characters, and is still sent', () => {
    const ctx = setup()
    const long = `https://h5.example.com/a?q=${'x'.repeat(5000)}`
    ctx.tracker.routeChanged({ path: '/a', url: long })
    ctx.fake.advance(300)
    ctx.tracker.flush()
    const [report] = ctx.fake.sent
    expect(report?.url.length).toBeLessThanOrEqual(MAX_REPORT_URL_LENGTH)
    expect(long.startsWith(report?.params.url ?? '-')).toBe(true)
    expect(report?.params).toMatchObject({ actionType: 'visit', actionDuration: '300', uuid: 'anon-1' })
  })
})

describe('scroll depth', () => {
  /** A 4,000 px page in an 800 px viewport, scrolled to `scrollY`, and a visit of /long 300 ms old. */
  function scrollSetup(scrollY = 0) {
    const ctx = setup({ innerHeight: 800, scrollHeight: 4000 })
    ctx.fake.window.scrollY = scrollY
    let reads = 0
    const element = ctx.fake.window.document.documentElement
    let height = element.scrollHeight
    Object.defineProperty(element, 'scrollHeight', {
      get: () => {
        reads++
        return height
      },
      set: (value: number) => {
        height = value
      },
    })
    visit(ctx, '/long', 300)
    return { ...ctx, reads: () => reads }
  }

  test('the deepest point reached is sent as a percentage of the page height', () => {
    const ctx = scrollSetup()
    ctx.fake.runFrames()
    ctx.fake.scrollTo(1200)
    ctx.fake.runFrames()
    ctx.fake.scrollTo(0)
    ctx.fake.runFrames()
    ctx.tracker.flush()
    expect(ctx.fake.sent[0]?.params.visitProgress).toBe('50')
  })

  test('the bottom of the page is 100, and so is a page that does not scroll', () => {
    const ctx = scrollSetup()
    ctx.fake.scrollTo(3200)
    ctx.fake.runFrames()
    ctx.fake.setPageHeight(600)
    visit(ctx, '/short', 300)
    ctx.fake.runFrames()
    ctx.tracker.flush()
    expect(ctx.fake.sent.map((report) => report.params.visitProgress)).toEqual(['100', '100'])
  })

  test('a scroll burst reads layout at most once per animation frame', () => {
    const ctx = scrollSetup()
    ctx.fake.runFrames()
    const before = ctx.reads()
    for (let y = 0; y < 1000; y++) ctx.fake.scrollTo(y)
    expect(ctx.reads()).toBe(before)
    expect(ctx.fake.pendingFrames).toBe(1)
    ctx.fake.runFrames()
    expect(ctx.reads()).toBe(before + 1)
  })

  test('nothing is scheduled or read while nobody scrolls', () => {
    const ctx = scrollSetup()
    ctx.fake.runFrames()
    const before = ctx.reads()
    ctx.fake.advance(60_000)
    expect(ctx.fake.pendingFrames).toBe(0)
    expect(ctx.reads()).toBe(before)
  })

  test('each visit measures its own depth', () => {
    const ctx = scrollSetup()
    ctx.fake.scrollTo(3200)
    ctx.fake.runFrames()
    ctx.fake.window.scrollY = 0
    visit(ctx, '/next', 300)
    ctx.fake.runFrames()
    ctx.tracker.flush()
    expect(ctx.fake.sent.map((report) => report.params.visitProgress)).toEqual(['100', '20'])
  })

  test('a reading taken before layout (0 / 0) does not spoil the visit’s depth', () => {
    const ctx = setup({ innerHeight: 0, scrollHeight: 0 })
    visit(ctx, '/late-layout', 300)
    ctx.fake.runFrames()
    ctx.fake.window.innerHeight = 800
    ctx.fake.setPageHeight(4000)
    ctx.fake.scrollTo(1200)
    ctx.fake.runFrames()
    ctx.tracker.flush()
    expect(ctx.fake.sent[0]?.params.visitProgress).toBe('50')
  })

  test('a visit that ends before any frame ran is measured when reported', () => {
    const ctx = scrollSetup(1200)
    ctx.tracker.flush()
    expect(ctx.fake.sent[0]?.params.visitProgress).toBe('50')
  })
})

describe('trace marks', () => {
  test('the visit tracker sends none: trace() resolves and reports NO_CLIENT (they are @xdance/tracker/trace’s)', async () => {
    const ctx = setup()
    ctx.tracker.routeChanged({ path: '/a' })
    expect(ctx.errors).toEqual([])
    await expect(ctx.tracker.trace({ id: 1 })).resolves.toBeUndefined()
    expect(ctx.errors.map((error) => error.code)).toEqual(['NO_CLIENT'])
  })
})

describe('lifecycle and errors', () => {
  test('creating a tracker attaches nothing; start attaches four listeners; stop removes them', () => {
    const fake = fakeBrowser()
    const tracker = createTracker({ reportURL: REPORT_URL, browser: fake.browser })
    expect([...fake.listeners]).toEqual([])
    tracker.start()
    expect([...fake.listeners].sort()).toEqual(['pagehide', 'pageshow', 'scroll', 'visibilitychange'])
    tracker.stop()
    expect([...fake.listeners]).toEqual([])
  })

  test('no unload or beforeunload listener, which would cost the back/forward cache', () => {
    const ctx = setup()
    expect([...ctx.fake.listeners]).not.toContain('unload')
    expect([...ctx.fake.listeners]).not.toContain('beforeunload')
  })

  test('after stop, leaving the page reports nothing', () => {
    const ctx = setup()
    visit(ctx, '/a', 300)
    ctx.tracker.stop()
    ctx.fake.pagehide()
    expect(ctx.fake.sent).toEqual([])
  })

  test('a tracker can be created where there is no window (server rendering)', () => {
    expect('window' in globalThis).toBe(false)
    expect(() => createTracker({ reportURL: REPORT_URL })).not.toThrow()
  })

  test.each([
    [{ reportURL: '' }],
    [{ reportURL: REPORT_URL, minDuration: -1 }],
    [{ reportURL: REPORT_URL, minDuration: Number.NaN }],
  ])('createTracker(%j) throws INVALID_OPTIONS', (options) => {
    expect(() => createTracker(options)).toThrow(
      expect.objectContaining({ name: 'TrackerError', code: 'INVALID_OPTIONS' }),
    )
  })

  test('a throwing extra-parameters hook becomes REPORT_FAILED, and the route change still goes through', () => {
    const cause = new Error('hook bug')
    const ctx = setup(
      {},
      {
        extraParams: () => {
          throw cause
        },
      },
    )
    visit(ctx, '/a', 300)
    expect(() => ctx.tracker.routeChanged({ path: '/b' })).not.toThrow()
    expect(ctx.errors.map((error) => [error.code, error.cause])).toEqual([['REPORT_FAILED', cause]])
    expect(TrackerError.isInstance(ctx.errors[0])).toBe(true)
  })
})
