#!/usr/bin/env node
// Lighthouse gate: the built app served by the local gateway (demo data, in-memory database), audited by the
// `lighthouse` npm package in system Chromium with its default mobile emulation and simulated throttling
// (Slow 4G, a Moto G Power-sized screen). Prints performance / accessibility / best-practices and fails when a
// page's median is under the floor.
//
// CPU: Lighthouse's 4x slowdown assumes a high-end desktop host. On another host the documented practice is to
// calibrate it from the host's BenchmarkIndex (docs/throttling.md, "Calibrating the CPU slowdown"), so that the
// emulated phone stays a mid-tier phone; a first, unscored run measures the index (and lets Chromium load its
// fonts once, which a phone has done long before). LIGHTHOUSE_CPU_MULTIPLIER overrides the calibration.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startGateway } from '@xdance/gateway'
import lighthouse from 'lighthouse'

/** Every category must reach this score (0-100). */
export const FLOOR = 95
const CATEGORIES = ['performance', 'accessibility', 'best-practices']
/** Pages audited: `/` (the first screen the budget is about) and the schedule. */
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/schedule').split(',')
/** Runs per page; the median is gated (Lighthouse's own advice for the variance of one run). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)

/**
 * The CPU slowdown that makes this host a mid-tier phone, from Lighthouse's CPU throttling calculator
 * (patrickhulce/lighthouse-cpu-throttling-calculator, linked from Lighthouse's docs/throttling.md).
 */
export function calibratedMultiplier(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return 4
  if (benchmarkIndex >= 1533) return 4
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650)
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
if (!existsSync(join(dist, 'index.html'))) {
  console.error('lighthouse: dist/index.html is missing; run `pnpm --filter @xdance/h5 build` first.')
  process.exit(1)
}
// chrome-launcher is Lighthouse's own dependency: use the copy Lighthouse was released with.
const lighthouseRequire = createRequire(fileURLToPath(import.meta.resolve('lighthouse')))
const { launch } = await import(pathToFileURL(lighthouseRequire.resolve('chrome-launcher')).href)

const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const gateway = await startGateway({ port: 0, db: ':memory:', demo: true, staticDir: dist })
const chrome = await launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
  ],
  logLevel: 'silent',
})

const audit = async (url, cpuSlowdownMultiplier) => {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
  })
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
  if (result.lhr.runtimeError) {
    throw new Error(`lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`)
  }
  return result.lhr
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
}

let failed = false
const summary = { pages: {} }
try {
  const calibration = await audit(new URL('/', gateway.url).href)
  const benchmarkIndex = Math.round(calibration.environment.benchmarkIndex)
  const multiplier = Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER) || calibratedMultiplier(benchmarkIndex)
  summary.benchmarkIndex = benchmarkIndex
  summary.cpuSlowdownMultiplier = Number(multiplier.toFixed(2))
  console.log(
    `lighthouse ${calibration.lighthouseVersion}, ${calibration.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]}: ` +
      `host BenchmarkIndex ${benchmarkIndex}, CPU slowdown ${multiplier.toFixed(2)}x (mobile, Slow 4G, simulated)`,
  )
  for (const page of PAGES) {
    const url = new URL(page, gateway.url).href
    const runs = []
    for (let run = 0; run < RUNS; run++) {
      const { categories, audits } = await audit(url, multiplier)
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
      )
      runs.push(scores)
      const metrics = Object.entries(METRICS)
        .map(([id, label]) => `${label} ${audits[id]?.displayValue ?? '?'}`)
        .join(', ')
      console.log(
        `  ${page} run ${run + 1}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ')} (${metrics})`,
      )
      for (const id of CATEGORIES) {
        if (scores[id] >= FLOOR) continue
        const weak = categories[id].auditRefs
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => `${ref.id} ${audits[ref.id]?.displayValue ?? audits[ref.id]?.score}`)
        console.log(`    ${id} under ${FLOOR}: ${weak.join(', ')}`)
      }
      // The usual cause of a slow first screen here: text the gateway sends without compression.
      if (run === 0) {
        const plain = (audits['network-requests']?.details?.items ?? []).filter(
          (item) =>
            /javascript|css|html|json/.test(item.mimeType ?? '') &&
            item.resourceSize > 1400 &&
            item.transferSize >= item.resourceSize * 0.9,
        )
        if (plain.length) {
          const kb = Math.round(plain.reduce((sum, item) => sum + item.transferSize, 0) / 1000)
          console.log(
            `    note: ${plain.length} text responses (${kb} KB) came without compression (Content-Encoding)`,
          )
        }
      }
    }
    const medians = Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((scores) => scores[id]))]))
    summary.pages[page] = medians
    const low = CATEGORIES.filter((id) => medians[id] < FLOOR)
    if (low.length) failed = true
    console.log(
      `lighthouse ${page} (median of ${RUNS}): ${CATEGORIES.map((id) => `${id} ${medians[id]}`).join(', ')}: ${low.length ? `UNDER ${FLOOR}` : 'ok'}`,
    )
  }
} finally {
  await chrome.kill()
  await gateway.close()
}
mkdirSync(join(root, 'reports'), { recursive: true })
writeFileSync(join(root, 'reports', 'lighthouse.json'), `${JSON.stringify(summary, null, 2)}\n`)
process.exit(failed ? 1 : 0)
