// `pnpm --filter @xdance/tracker bench`: our tracker, Plausible's and Umami's, driven through the same scenarios in
// headless Chromium against one loopback collector, and their sizes. Printed, not asserted; not part of `test`.
//
// Each tracker counts something different, and is held to its own model:
// - ours reports a VISIT when it ends (route change, hidden, pagehide), skipping frames and visits under 100 ms;
// - Plausible and Umami send a PAGEVIEW when a page view starts (load, SPA route change, back/forward cache
//   restore); hiding and returning to a tab is the same page view for them, and they have no frame or duration rule.
// "expected" is the list of paths each model should send for the scenario; "received" counts those that arrived
// (each expected report at most once), "duplicates" the extra copies, "missed" expected minus received.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { bundleForBrowser, launchChromium, startServer, type TestServer } from '@xdance/testkit'
import { build } from 'esbuild'
import { afterAll, beforeAll, test } from 'vitest'

type Browser = Awaited<ReturnType<typeof launchChromium>>
type Page = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['newPage']>>
type Tracker = 'ours' | 'plausible' | 'umami'

declare global {
  interface Window {
    bench: { push(path: string): void; replace(path: string): void }
  }
}

const TRACKERS: Tracker[] = ['ours', 'plausible', 'umami']
// Over Umami's own 300 ms delay before it reports an SPA route change, so that every tracker gets to send.
const DWELL = 500
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Every report the collector got: which tracker, the page path, and whether it counts (Plausible's engagement
 * events and Umami's custom events do not). */
const received: { tracker: Tracker; path: string }[] = []
const rows: (string | number)[][] = []
const scripts: Record<Tracker, string> = { ours: '', plausible: '', umami: '' }
const bytes: Record<Tracker, string> = { ours: '', plausible: '', umami: '' }
let server: TestServer
const restoredFromCache: string[] = []
let browser: Browser
let bfcacheBrowser: Browser

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** esbuild minify + gzip -9, as scripts/size-budget.mjs measures (every export kept). */
async function size(entry: { file: string } | { iife: string }): Promise<string> {
  const result = await build({
    ...('file' in entry
      ? { entryPoints: [entry.file], format: 'esm' as const }
      : { stdin: { contents: entry.iife, loader: 'js' as const }, format: 'iife' as const }),
    bundle: true,
    minify: true,
    write: false,
    platform: 'browser',
    target: 'es2022',
    charset: 'utf8',
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.contents ?? new Uint8Array()
  return `${code.length} B min, ${gzipSync(code, { level: 9 }).length} B min+gzip`
}

const pageHtml = (tracker: Tracker) => {
  const script = {
    ours: '<script src="/ours.js"></script><script>XOurs.boot()</script>',
    plausible: '<script src="/plausible.js"></script><script>XPlausible.boot()</script>',
    umami: `<script src="/umami.js" data-website-id="bench" data-host-url="${server.url}"></script>`,
  }[tracker]
  // A minimal SPA router: history changes, then tell the binding (only ours needs one; the others hook history).
  return `<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head>
<body style="margin:0"><div style="height:3000px">a long page</div>
<script>
  addEventListener('pageshow', (event) => { if (event.persisted) window.restored = true })
  window.bench = {
    push(path) { history.pushState(null, '', path); window.onRoute?.('push') },
    replace(path) { history.replaceState(null, '', path); window.onRoute?.('replace') },
  }
</script>
${script}
</body></html>`
}

beforeAll(async () => {
  const umamiSource = readFileSync(here('./vendor/umami-2.10.0-tracker.js'), 'utf8')
  scripts.ours = await bundleForBrowser(here('./ours-entry.ts'), 'XOurs')
  scripts.plausible = await bundleForBrowser(here('./plausible-entry.ts'), 'XPlausible')
  scripts.umami = (
    await build({
      stdin: { contents: umamiSource, loader: 'js' },
      minify: true,
      write: false,
      target: 'es2022',
    })
  ).outputFiles[0]?.text as string
  bytes.ours = await size({ file: here('../dist/index.js') })
  bytes.plausible = await size({ file: here('../node_modules/@plausible-analytics/tracker/plausible.js') })
  bytes.umami = await size({ iife: umamiSource })

  server = await startServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://bench')
    const tracker = url.pathname.split('/')[1] as Tracker
    const text = body.toString('utf8')
    if (url.pathname === '/report/behavior/report') {
      received.push({ tracker: 'ours', path: new URL(url.searchParams.get('url') ?? '', url).pathname })
      res.writeHead(204).end()
    } else if (url.pathname === '/api/event') {
      const event = JSON.parse(text) as { n: string; u: string }
      if (event.n === 'pageview') received.push({ tracker: 'plausible', path: new URL(event.u).pathname })
      res.writeHead(202).end('ok')
    } else if (url.pathname === '/api/send') {
      const { type, payload } = JSON.parse(text) as { type: string; payload: { url: string; name?: string } }
      if (type === 'event' && !payload.name) {
        received.push({ tracker: 'umami', path: new URL(decodeURI(payload.url), url).pathname })
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('')
    } else if (/^\/(ours|plausible|umami)\.js$/.test(url.pathname)) {
      res
        .writeHead(200, { 'content-type': 'text/javascript' })
        .end(scripts[url.pathname.slice(1, -3) as Tracker])
    } else if (url.pathname === '/plain') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>no tracker here</p>')
    } else if (url.pathname.endsWith('/host')) {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><p>host without tracker</p><iframe src="${url.pathname.slice(0, -4)}a"></iframe>`,
        )
    } else if (TRACKERS.includes(tracker)) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(pageHtml(tracker))
    } else {
      res.writeHead(404).end()
    }
  })
  browser = await launchChromium()
  bfcacheBrowser = await launchChromium({ bfcache: true })
}, 60_000)

afterAll(async () => {
  const header = ['scenario', 'tracker', 'expected', 'received', 'duplicates', 'missed']
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => String(row[i]).length)))
  const line = (cells: (string | number)[]) =>
    `| ${cells.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join(' | ')} |`
  console.log(
    [
      line(header),
      `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
      ...rows.map(line),
      '',
      ...TRACKERS.map((tracker) => `${tracker}: ${bytes[tracker]}`),
      `restored from the back/forward cache: ${restoredFromCache.join(', ')}`,
    ].join('\n'),
  )
  await browser?.close()
  await bfcacheBrowser?.close()
  await server?.close()
})

async function open(path: string, target: Browser = browser) {
  const context = await target.newContext()
  const tab = await context.newPage()
  await tab.goto(`${server.url}${path}`)
  // Umami starts once the document is complete.
  await tab.waitForLoadState('load')
  await sleep(DWELL)
  return { context, tab }
}

const close = (tab: Page) => tab.close({ runBeforeUnload: true })

/** Headless Chromium cannot hide a tab: visibility is switched in the page and the real event dispatched. */
const setHidden = (tab: Page, hidden: boolean) =>
  tab.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value })
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    })
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
  }, hidden)

/** Waits for the expected count (at most 3 s), then 1 s more for late duplicates; records the row. */
async function settle(scenario: string, tracker: Tracker, prefix: string, expected: string[]) {
  const mine = () => received.filter((report) => report.tracker === tracker && report.path.startsWith(prefix))
  const deadline = Date.now() + 3000
  while (mine().length < expected.length && Date.now() < deadline) await sleep(50)
  await sleep(1000)
  const left = expected.map((path) => prefix + path)
  let duplicates = 0
  for (const { path } of mine()) {
    const at = left.indexOf(path)
    if (at < 0) duplicates++
    else left.splice(at, 1)
  }
  rows.push([
    scenario,
    tracker,
    expected.length,
    expected.length - left.length,
    duplicates,
    left.join(' ') || '-',
  ])
}

interface Scenario {
  name: string
  /** The paths each model should send, under the scenario's prefix. */
  visits: string[]
  pageviews: string[]
  /** `prefix`: `/<tracker>/<scenario>/`, the pages the scenario visits. */
  run(prefix: string, tracker: Tracker): Promise<void>
}

const SCENARIOS: Scenario[] = [
  {
    name: 'SPA push, replace, back, close',
    visits: ['a', 'b', 'c', 'a'],
    pageviews: ['a', 'b', 'c', 'a'],
    async run(prefix) {
      const { tab } = await open(`${prefix}a`)
      await tab.evaluate((path) => window.bench.push(path), `${prefix}b`)
      await sleep(DWELL)
      await tab.evaluate((path) => window.bench.replace(path), `${prefix}c`)
      await sleep(DWELL)
      await tab.evaluate(() => history.back())
      await tab.waitForFunction((path) => location.pathname.endsWith(path), `${prefix}a`)
      await sleep(DWELL)
      await close(tab)
    },
  },
  {
    name: 'hard navigation away',
    visits: ['a'],
    pageviews: ['a'],
    async run(prefix) {
      const { context, tab } = await open(`${prefix}a`)
      await tab.goto(`${server.url}/plain`)
      await sleep(DWELL)
      await context.close()
    },
  },
  {
    name: 'close',
    visits: ['a'],
    pageviews: ['a'],
    async run(prefix) {
      await close((await open(`${prefix}a`)).tab)
    },
  },
  {
    name: 'hide, then close',
    visits: ['a'],
    pageviews: ['a'],
    async run(prefix) {
      const { tab } = await open(`${prefix}a`)
      await setHidden(tab, true)
      await sleep(DWELL)
      await close(tab)
    },
  },
  {
    name: 'hide, return, close',
    visits: ['a', 'a'],
    pageviews: ['a'],
    async run(prefix) {
      const { tab } = await open(`${prefix}a`)
      await setHidden(tab, true)
      await sleep(DWELL)
      await setHidden(tab, false)
      await sleep(DWELL)
      await close(tab)
    },
  },
  {
    name: 'switch away, return, press Back, close',
    visits: ['a', 'b', 'b', 'a'],
    pageviews: ['a', 'b', 'a'],
    async run(prefix) {
      const { tab } = await open(`${prefix}a`)
      await tab.evaluate((path) => window.bench.push(path), `${prefix}b`)
      await sleep(DWELL)
      await setHidden(tab, true)
      await sleep(DWELL)
      await setHidden(tab, false)
      await sleep(DWELL)
      await tab.evaluate(() => history.back())
      await tab.waitForFunction((path) => location.pathname.endsWith(path), `${prefix}a`)
      await sleep(DWELL)
      await close(tab)
    },
  },
  {
    name: 'bfcache: away and back, close',
    visits: ['a', 'b', 'a'],
    pageviews: ['a', 'b', 'a'],
    async run(prefix) {
      const { context, tab } = await open(`${prefix}a`, bfcacheBrowser)
      await tab.goto(`${server.url}${prefix}b`)
      await tab.waitForLoadState('load')
      await sleep(DWELL)
      await tab.goBack({ waitUntil: 'commit' })
      // Restored from the cache, or loaded again if a tracker made the page ineligible: both count as coming back.
      await tab.waitForFunction(
        (path) => location.pathname.endsWith(path) && document.readyState === 'complete',
        `${prefix}a`,
      )
      restoredFromCache.push(`${prefix}: ${await tab.evaluate(() => window.restored === true)}`)
      await sleep(DWELL)
      await close(tab)
      await context.close()
    },
  },
  {
    name: 'page inside a frame (push in it)',
    visits: [],
    pageviews: ['a', 'b'],
    async run(prefix) {
      const context = await browser.newContext()
      const tab = await context.newPage()
      await tab.goto(`${server.url}${prefix}host`)
      await tab.waitForLoadState('load')
      await sleep(DWELL)
      const frame = tab.frames().find((candidate) => candidate.url().endsWith('/frame/a'))
      await frame?.evaluate((path) => window.bench.push(path), `${prefix}b`)
      if (!frame) throw new Error('no frame')
      await sleep(DWELL)
      await close(tab)
      await context.close()
    },
  },
  {
    name: 'a visit under 100 ms (push, push 30 ms later)',
    visits: ['a', 'c'],
    pageviews: ['a', 'b', 'c'],
    async run(prefix) {
      const { tab } = await open(`${prefix}a`)
      await tab.evaluate(
        async (paths) => {
          window.bench.push(paths[0] as string)
          await new Promise((resolve) => setTimeout(resolve, 30))
          window.bench.push(paths[1] as string)
        },
        [`${prefix}b`, `${prefix}c`],
      )
      await sleep(DWELL)
      await close(tab)
    },
  },
]

test('the three trackers through the same scenarios', async () => {
  for (const [index, scenario] of SCENARIOS.entries()) {
    const slug = scenario.name === 'page inside a frame (push in it)' ? 'frame' : `s${index}`
    for (const tracker of TRACKERS) {
      const prefix = `/${tracker}/${slug}/`
      // A scenario that breaks for one tracker is a row of misses, not the end of the run.
      await scenario.run(prefix, tracker).catch((error: Error) => console.warn(prefix, error.message))
      await settle(scenario.name, tracker, prefix, tracker === 'ours' ? scenario.visits : scenario.pageviews)
    }
  }
}, 300_000)
