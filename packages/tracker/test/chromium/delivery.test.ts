// Real headless Chromium against a local collector: every expected visit arrives, none arrives twice. The same
// scenarios run for the core driven by hand and for each binding driven by its router (issue 22).
import { fileURLToPath } from 'node:url'
import { bundleForBrowser, IPHONE, launchChromium, startServer, type TestServer } from '@xdance/testkit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MAX_REPORT_URL_LENGTH } from '../../src/constants'
import type { TestApp } from './page-entry'

type Browser = Awaited<ReturnType<typeof launchChromium>>
type Page = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['newPage']>>

interface Received {
  transport: 'beacon' | 'pixel'
  /** The report URL as requested, origin included. */
  href: string
  params: Record<string, string>
}

interface Row {
  binding: string
  scenario: string
  prefix: string
  expected: number
  received: number
  duplicates: number
  transport: string
}

declare global {
  interface Window {
    app: TestApp
    restored?: boolean
  }
}

const DWELL = 250 // ms on a page: over the 100 ms minimum, by the page's clock (moved on, not waited for)
const received: Received[] = []
const rows: Row[] = []
let server: TestServer
let browser: Browser
let bfcacheBrowser: Browser
let bundle: string
let binding: Binding
/** The browser contexts still open: a binding's are closed after its last scenario (see there). */
const contexts = new Set<Awaited<ReturnType<Browser['newContext']>>>()

/** Each page entry: the core driven by a hand-written SPA, and each binding driven by its router. */
const BINDINGS = {
  core: 'page-entry.ts',
  history: 'page-entry-history.ts',
  'history (no Navigation API)': 'page-entry-history-fallback.ts',
  'react-router': 'page-entry-react.ts',
  'vue-router': 'page-entry-vue.ts',
} as const
type Binding = keyof typeof BINDINGS
// Vue's compile-time flags, as its bundler plugin sets them.
const VUE_FLAGS = {
  __VUE_OPTIONS_API__: 'true',
  __VUE_PROD_DEVTOOLS__: 'false',
  __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
}

const page = (body = '') => `<!doctype html><meta charset="utf-8"><title>tracker test</title>
<body style="margin:0">${body}<div style="height:3000px">a long page</div>
<script src="/tracker.js"></script>
<script>
  addEventListener('pageshow', (event) => { if (event.persisted) window.restored = true })
  window.app = XTracker.boot()
</script></body>`

beforeAll(async () => {
  server = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://collector')
    if (url.pathname === '/report/behavior/report') {
      received.push({
        transport: req.method === 'POST' ? 'beacon' : 'pixel',
        href: `${server.url}${req.url}`,
        params: Object.fromEntries(url.searchParams),
      })
      res.writeHead(204).end()
    } else if (url.pathname === '/hold') {
      // never answered: keeps a beacon in flight, filling the keepalive queue
    } else if (url.pathname === '/tracker.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle)
    } else if (url.pathname === '/plain') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>no tracker here</p>')
    } else if (url.pathname === '/host') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><p>host without tracker</p><iframe src="/frame/a"></iframe>')
    } else if (url.pathname === '/favicon.ico') {
      res.writeHead(404).end()
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end(page())
    }
  })
  browser = await launchChromium()
  bfcacheBrowser = await launchChromium({ bfcache: true })
})

afterAll(async () => {
  const table = [
    ['binding', 'scenario', 'expected', 'received', 'duplicates', 'transport'],
    ...rows.map((row) => [
      row.binding,
      row.scenario,
      row.expected,
      row.received,
      row.duplicates,
      row.transport,
    ]),
  ].map((cells) => cells.map(String))
  const widths = table[0]?.map((_, i) => Math.max(...table.map((cells) => cells[i]?.length ?? 0))) ?? []
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')
  console.log(
    [
      line(table[0] ?? []),
      widths.map((width) => '-'.repeat(width)).join('-|-'),
      ...table.slice(1).map(line),
    ].join('\n'),
  )
  await browser?.close()
  await bfcacheBrowser?.close()
  await server?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const pathOf = (report: Received) => new URL(report.params.url ?? '', 'http://x').pathname

function reportsUnder(prefix: string) {
  return received.filter((report) => pathOf(report).startsWith(prefix))
}

/**
 * Waits until the expected reports of pages under `prefix` arrived (or 10 s), records the table row and checks it.
 * A duplicate that comes later than the expected reports is caught at the end of the file (`afterAll` counts every
 * scenario's reports again, seconds later): nothing here waits in case one comes.
 */
async function settle(scenario: string, prefix: string, expected: string[]) {
  const deadline = Date.now() + 10_000
  while (reportsUnder(prefix).length < expected.length && Date.now() < deadline) await sleep(20)
  const { reports, ...counts } = tally(prefix)
  rows.push({ binding, scenario, prefix, expected: expected.length, ...counts })
  expect(counts.duplicates).toBe(0)
  expect(reports.map(pathOf)).toEqual(expected)
  for (const report of reports) expect(Number(report.params.actionDuration)).toBeGreaterThanOrEqual(100)
  return reports
}

/** The reports of pages under `prefix` so far: distinct visits, copies of one visit, and how they came. */
function tally(prefix: string) {
  const reports = reportsUnder(prefix)
  const keys = reports.map((report) => `${report.params.url} ${report.params.eventTime}`)
  const duplicates = keys.length - new Set(keys).size
  return {
    reports,
    received: reports.length - duplicates,
    duplicates,
    transport: [...new Set(reports.map((report) => report.transport))].join('+') || '-',
  }
}

/** A browser context whose pages run on Playwright's clock, paused: `dwell` moves it on. */
async function newContext(
  target: Browser = browser,
  options: Parameters<Browser['newContext']>[0] = {},
  /** A script to run in the pages before theirs (what the browser offers, as a scenario changes it). */
  first?: () => void,
) {
  const context = await target.newContext(options)
  contexts.add(context)
  context.on('close', () => contexts.delete(context))
  if (first) await context.addInitScript(first)
  // Paused: a page's time moves only when `dwell` moves it, so a visit lasts what the scenario says however busy the
  // machine is (the bindings' routers run on promises and messages, which the clock leaves alone).
  await context.clock.install()
  await context.clock.pauseAt(Date.now() + 1000)
  return context
}

/** Waits until the binding has reported the route of `path` to the tracker (a router may commit a little later). */
const routed = (tab: Pick<Page, 'waitForFunction'>, path: string) =>
  tab.waitForFunction((expected) => window.app?.tracked === expected, path)

/** Navigates the way the binding's router does, and waits until the binding has reported it. */
async function navigate(
  tab: Pick<Page, 'evaluate' | 'waitForFunction'>,
  how: 'push' | 'replace',
  path: string,
) {
  await tab.evaluate(([method, to]) => window.app[method](to), [how, path] as const)
  await routed(tab, path)
}

/** Lets the page live `ms` by its clock: the clock jumps ahead, running the timers due on the way. */
const dwell = (tab: Page, ms = DWELL) => tab.clock.fastForward(ms)

async function open(
  path: string,
  target: Browser = browser,
  options: Parameters<Browser['newContext']>[0] = {},
) {
  const context = await newContext(target, options)
  const tab = await context.newPage()
  await tab.goto(`${server.url}${path}`)
  await routed(tab, new URL(path, 'http://x').pathname)
  await dwell(tab)
  return { context, tab }
}

const close = (tab: Page) => tab.close({ runBeforeUnload: true })

/** Headless Chromium cannot hide a tab (bringToFront, minimising, lifecycle states leave it visible), so
 * the page's visibility is switched in the page and the real event dispatched at the document. */
const setHidden = (tab: Page, hidden: boolean) =>
  tab.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value })
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    })
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
  }, hidden)

describe.each(Object.keys(BINDINGS) as Binding[])('%s', (name) => {
  beforeAll(async () => {
    binding = name
    bundle = await bundleForBrowser(
      fileURLToPath(new URL(`./${BINDINGS[name]}`, import.meta.url)),
      'XTracker',
      {
        define: name === 'vue-router' ? VUE_FLAGS : {},
      },
    )
    // Each binding's scenarios use the same paths: the previous binding's reports are all in (its last scenario
    // checked), so they are set aside.
    received.length = 0
  })

  // A scenario that only closes its tab leaves its context open until here, after the binding's last scenario has
  // counted every report again: closing a context may cancel a beacon still in flight, which would hide a late
  // duplicate rather than show it. Closed here, the contexts do not pile up over the bindings.
  afterAll(async () => {
    await Promise.all([...contexts].map((context) => context.close()))
  })

  test('SPA push, replace, back (pop), then close', async () => {
    const { tab } = await open('/spa/a')
    await navigate(tab, 'push', '/spa/b')
    await dwell(tab)
    await navigate(tab, 'replace', '/spa/c')
    await dwell(tab)
    await tab.evaluate(() => history.back())
    await routed(tab, '/spa/a')
    await dwell(tab)
    await close(tab)
    await settle('SPA push, replace, back, close', '/spa/', ['/spa/a', '/spa/b', '/spa/c', '/spa/a'])
  })

  test('a hard navigation away', async () => {
    const { context, tab } = await open('/hard/a')
    await tab.goto(`${server.url}/plain`)
    await settle('hard navigation away', '/hard/', ['/hard/a'])
    await context.close()
  })

  test('closing the page', async () => {
    const { tab } = await open('/close/a')
    await close(tab)
    await settle('close the page', '/close/', ['/close/a'])
  })

  test('hiding the page, then closing it', async () => {
    const { tab } = await open('/hidden/a')
    await setHidden(tab, true)
    await dwell(tab)
    await close(tab)
    await settle('hide, then close (pagehide + hidden on close)', '/hidden/', ['/hidden/a'])
  })

  test('hiding the page, coming back, then closing it: two visits', async () => {
    const HIDDEN = 1000
    const { tab } = await open('/return/a')
    await setHidden(tab, true)
    await dwell(tab, HIDDEN)
    await setHidden(tab, false)
    await dwell(tab)
    await close(tab)
    const reports = await settle('hide, come back, close', '/return/', ['/return/a', '/return/a'])
    // the hidden second is in neither visit
    expect(reports.every((report) => Number(report.params.actionDuration) < HIDDEN)).toBe(true)
  })

  test('switching to another app, coming back, then pressing Back: the visit after the return is reported', async () => {
    const { tab } = await open('/chat/a')
    await navigate(tab, 'push', '/chat/b')
    await dwell(tab)
    await setHidden(tab, true) // reports /chat/b
    await dwell(tab)
    await setHidden(tab, false) // a new visit of /chat/b
    await dwell(tab)
    await tab.evaluate(() => history.back()) // ends it with a pop repeating the last reported path
    await routed(tab, '/chat/a')
    await dwell(tab)
    await close(tab)
    await settle('hide, come back, press Back, close', '/chat/', ['/chat/a', '/chat/b', '/chat/b', '/chat/a'])
  })

  test('away and back through the back/forward cache', async () => {
    const { context, tab } = await open('/bf/a', bfcacheBrowser)
    await tab.goto(`${server.url}/bf/b`)
    await routed(tab, '/bf/b')
    await dwell(tab)
    await tab.goBack({ waitUntil: 'commit' })
    await tab.waitForFunction(() => window.restored === true)
    await dwell(tab)
    await close(tab)
    await settle('bfcache: away and back, close', '/bf/', ['/bf/a', '/bf/b', '/bf/a'])
    await context.close()
  })

  test('a tracker inside an iframe reports nothing', async () => {
    const context = await newContext()
    const tab = await context.newPage()
    await tab.goto(`${server.url}/host`)
    const frame = tab.frames().find((candidate) => candidate.url().endsWith('/frame/a'))
    if (frame) await routed(frame, '/frame/a')
    expect(frame).toBeDefined()
    await dwell(tab)
    if (frame) await navigate(frame, 'push', '/frame/b')
    await dwell(tab)
    await close(tab)
    await settle('iframe (no report)', '/frame/', [])
  })

  test('an iPhone on /marketing/article sends contentId and sharer', async () => {
    const { tab } = await open('/marketing/article?id=42&sharer=u7', browser, IPHONE)
    await close(tab)
    const [report] = await settle('iPhone /marketing/article', '/marketing/article', ['/marketing/article'])
    expect(report?.params).toMatchObject({ contentId: '42', sharer: 'u7' })
  })

  test('with 64 KB of beacons in flight, the bodyless report beacon is still accepted', async () => {
    const { context, tab } = await open('/queue/a')
    const queue = await tab.evaluate(() => [
      navigator.sendBeacon('/hold', new Uint8Array(64 * 1024 - 16)),
      navigator.sendBeacon('/hold', new Uint8Array(100)),
    ])
    // the queue is full: a beacon with a body is refused
    expect(queue).toEqual([true, false])
    await navigate(tab, 'push', '/queue/b')
    await settle('64 KB beacon queue full', '/queue/', ['/queue/a'])
    expect(reportsUnder('/queue/')[0]?.transport).toBe('beacon')
    await tab.evaluate(() => window.app.tracker.stop())
    await context.close()
  })

  test('sendBeacon refused: the report falls back to the image pixel', async () => {
    const context = await newContext(browser, {}, () => {
      navigator.sendBeacon = () => false
    })
    const tab = await context.newPage()
    await tab.goto(`${server.url}/pixel/a`)
    await routed(tab, '/pixel/a')
    await dwell(tab)
    await navigate(tab, 'push', '/pixel/b')
    await settle('sendBeacon refused -> pixel', '/pixel/', ['/pixel/a'])
    expect(reportsUnder('/pixel/')[0]?.transport).toBe('pixel')
    await tab.evaluate(() => window.app.tracker.stop())
    await context.close()
  })

  test('a route whose meta turns visit reports off is not reported, the routes around it are', async () => {
    const { tab } = await open('/meta/a')
    await navigate(tab, 'push', '/meta/private')
    await dwell(tab)
    // Hidden and shown again on the private route: that ends a visit too, and it is not reported either.
    await setHidden(tab, true)
    await dwell(tab)
    await setHidden(tab, false)
    await dwell(tab)
    await navigate(tab, 'push', '/meta/b')
    await dwell(tab)
    await close(tab)
    await settle('route meta visitReport: false', '/meta/', ['/meta/a', '/meta/b'])
  })

  test('a page URL of 5,000 characters gives a report URL under 2,000, still delivered', async () => {
    const { tab } = await open(`/long/a?q=${'x'.repeat(5000)}`)
    await close(tab)
    const [report] = await settle('5,000-character page URL', '/long/', ['/long/a'])
    expect(report?.href.length).toBeLessThanOrEqual(MAX_REPORT_URL_LENGTH)
  })

  // Last, on purpose: every scenario above is counted again, after the later scenarios and one more visit (its report
  // arrives after any the browser still held), so a duplicate that came after its scenario had settled shows here.
  test('no scenario got a duplicate after it settled', async () => {
    const { tab } = await open('/last/a')
    await close(tab)
    await settle('one more visit, to follow the others', '/last/', ['/last/a'])
    const mine = rows.filter((row) => row.binding === binding)
    // The printed table shows the counts as they are now, so a late duplicate is in it too.
    for (const row of mine) {
      const { reports: _, ...now } = tally(row.prefix)
      Object.assign(row, now)
    }
    const late = mine
      .filter((row) => row.received !== row.expected || row.duplicates !== 0)
      .map(({ scenario, expected, received, duplicates }) => ({ scenario, expected, received, duplicates }))
    expect(late).toEqual([])
    expect(mine.length).toBeGreaterThan(10)
  })
})
