// `pnpm --filter @xdance/tracker bench`: main-thread cost of the tracker in headless Chromium, printed.
// Not part of `test`: figures, not assertions. The page is cross-origin isolated so performance.now()
// has its fine (5 µs) resolution instead of the coarse 100 µs one.
import { fileURLToPath } from 'node:url'
import { bundleForBrowser, launchChromium, startServer } from '@xdance/testkit'
import { expect, test } from 'vitest'
import type { TestApp } from '../test/chromium/page-entry'

declare global {
  interface Window {
    app: TestApp
    frameCosts: number[]
    rawRequestAnimationFrame: (callback: FrameRequestCallback) => number
  }
  function XTrackerWith(options: { minDuration: number }): TestApp['tracker']
  interface Window {}
}

const ISOLATED = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
}

const PAGE = `<!doctype html><meta charset="utf-8"><body style="margin:0">
<div style="height:20000px">a long page</div>
<script>
  // Time every animation frame callback the tracker asks for (its only layout reads).
  window.frameCosts = []
  const raf = (window.rawRequestAnimationFrame = window.requestAnimationFrame.bind(window))
  window.requestAnimationFrame = (callback) => raf((time) => {
    const start = performance.now()
    callback(time)
    frameCosts.push(performance.now() - start)
  })
</script>
<script src="/tracker.js"></script>
<script>
  const client = { request: async () => ({ code: 200 }) }
  window.XTrackerWith = (options) => {
    const tracker = XTracker.createTracker({ reportURL: location.origin + '/report/behavior/report', client, ...options })
    tracker.start()
    return tracker
  }
  window.app = XTracker.boot({ minDuration: 0, client })
</script></body>`

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`

test('main-thread cost of routeChanged and of scroll events', async () => {
  const bundle = await bundleForBrowser(
    fileURLToPath(new URL('../test/chromium/page-entry.ts', import.meta.url)),
    'XTracker',
  )
  let beacons = 0
  const server = await startServer((req, res) => {
    if (req.url?.startsWith('/report/')) {
      beacons++
      res.writeHead(204).end()
    } else if (req.url === '/tracker.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', ...ISOLATED }).end(bundle)
    } else {
      res.writeHead(200, { 'content-type': 'text/html', ...ISOLATED }).end(PAGE)
    }
  })
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${server.url}/bench/0`)
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true)

    // 1,000 route changes that end a visit too short to report (the visit bookkeeping and a trace mark
    // through a stub client), then 1,000 that end a reported visit (report URL built, sendBeacon called,
    // session storage written). The reported ones yield between calls so beacons complete as in real use.
    const skipped = await page.evaluate(() => {
      const tracker = XTrackerWith({ minDuration: 60_000 })
      const times: number[] = []
      for (let i = 1; i <= 1000; i++) {
        const start = performance.now()
        tracker.routeChanged({ path: `/skip/${i}`, navigation: 'push' })
        times.push(performance.now() - start)
      }
      tracker.stop()
      return times
    })
    const reported = await page.evaluate(async () => {
      const times: number[] = []
      for (let i = 1; i <= 1000; i++) {
        const start = performance.now()
        window.app.tracker.routeChanged({ path: `/bench/${i}`, navigation: 'push' })
        times.push(performance.now() - start)
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
      return times
    })

    // The browser's share: the same number of bare sendBeacon calls of a report-sized URL, same pacing.
    const beaconAlone = await page.evaluate(async () => {
      const times: number[] = []
      const url = `${location.origin}/report/behavior/report?actionType=visit&url=${encodeURIComponent(location.href)}`
      for (let i = 1; i <= 1000; i++) {
        const start = performance.now()
        navigator.sendBeacon(`${url}&eventTime=${i}`)
        times.push(performance.now() - start)
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
      return times
    })

    // 1,000 scroll events dispatched in one task, then the animation frame they asked for.
    await page.evaluate(() => new Promise((resolve) => window.rawRequestAnimationFrame(resolve)))
    const scroll = await page.evaluate(async () => {
      window.frameCosts.length = 0
      const start = performance.now()
      for (let i = 0; i < 1000; i++) window.dispatchEvent(new Event('scroll'))
      const dispatch = performance.now() - start
      await new Promise((resolve) => window.rawRequestAnimationFrame(() => setTimeout(resolve, 0)))
      return { dispatch, frames: [...window.frameCosts] }
    })
    // The same 1,000 events with the tracker stopped: the browser's own dispatch cost.
    const baseline = await page.evaluate(() => {
      window.app.tracker.stop()
      const start = performance.now()
      for (let i = 0; i < 1000; i++) window.dispatchEvent(new Event('scroll'))
      return performance.now() - start
    })
    // Real scrolling: 300 frames, each moved by scrollBy; count the tracker's frames and their cost.
    const real = await page.evaluate(async () => {
      window.app.tracker.start()
      window.frameCosts.length = 0
      let events = 0
      addEventListener('scroll', () => events++, { passive: true })
      for (let i = 0; i < 300; i++) {
        scrollBy(0, 40)
        await new Promise((resolve) => window.rawRequestAnimationFrame(resolve))
      }
      await new Promise((resolve) => window.rawRequestAnimationFrame(resolve))
      return { events, frames: [...window.frameCosts] }
    })
    await page.waitForTimeout(500)

    const frameTotal = scroll.frames.reduce((sum, cost) => sum + cost, 0)
    const realTotal = real.frames.reduce((sum, cost) => sum + cost, 0)
    console.log(
      [
        'main-thread cost in headless Chromium (performance.now, cross-origin isolated)',
        `routeChanged x1000, visit too short to report, trace mark: median ${us(quantile(skipped, 0.5))}, p95 ${us(quantile(skipped, 0.95))}, total ${sum(skipped).toFixed(2)} ms`,
        `routeChanged x1000, visit reported by sendBeacon, trace mark: median ${us(quantile(reported, 0.5))}, p95 ${us(quantile(reported, 0.95))}, total ${sum(reported).toFixed(2)} ms (collector received ${beacons} of 2000 beacons)`,
        `  of which the browser's sendBeacon call alone: median ${us(quantile(beaconAlone, 0.5))}, p95 ${us(quantile(beaconAlone, 0.95))}`,
        `1,000 scroll events in one task: dispatch ${scroll.dispatch.toFixed(3)} ms (${us(scroll.dispatch / 1000)} per event; without the tracker ${baseline.toFixed(3)} ms), then ${scroll.frames.length} animation frame(s) reading layout: ${frameTotal.toFixed(3)} ms`,
        `1,000 scroll events total: ${(scroll.dispatch + frameTotal).toFixed(3)} ms, of which the tracker's own ${(scroll.dispatch - baseline + frameTotal).toFixed(3)} ms`,
        `real scrolling, 300 frames: ${real.events} scroll events, ${real.frames.length} tracker frames (layout reads), ${realTotal.toFixed(3)} ms in total, median ${us(quantile(real.frames, 0.5))} per frame`,
      ].join('\n'),
    )
  } finally {
    await browser.close()
    await server.close()
  }
})
