#!/usr/bin/env node
// Lighthouse benchmark of the built app: performance and its timings, which depend on how fast and how busy the
// machine is, so they are measured here (`pnpm bench`) and never gated in CI. Each page is audited LIGHTHOUSE_RUNS
// times (default 5; Lighthouse's own advice for the variance of one run) with the default mobile emulation and
// simulated Slow 4G; the median of each figure is compared with its target and "over budget" is printed where it
// misses. The exit status is 0 whatever the figures (1 only when the benchmark could not run).
//
// A first, unscored run measures the host's BenchmarkIndex to calibrate the CPU slowdown (cpu-slowdown.mjs) and
// lets Chromium load its fonts once, which a phone has done long before.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { calibratedMultiplier } from './cpu-slowdown.mjs'
import { APP_ROOT, pagesFromEnv, startLighthouseHost } from './lighthouse-host.mjs'

/** Targets of every page: timings in ms (at most), CLS (at most), the performance score (at least). */
export const TARGETS = { fcp: 1000, lcp: 1500, tbt: 50, cls: 0, performance: 100 }
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5)

const FIGURES = [
  { key: 'fcp', label: 'FCP', audit: 'first-contentful-paint', show: (v) => `${(v / 1000).toFixed(2)} s` },
  { key: 'lcp', label: 'LCP', audit: 'largest-contentful-paint', show: (v) => `${(v / 1000).toFixed(2)} s` },
  { key: 'tbt', label: 'TBT', audit: 'total-blocking-time', show: (v) => `${Math.round(v)} ms` },
  { key: 'cls', label: 'CLS', audit: 'cumulative-layout-shift', show: (v) => v.toFixed(3) },
  { key: 'performance', label: 'perf', show: (v) => String(v) },
]
const over = (key, value) => (key === 'performance' ? value < TARGETS[key] : value > TARGETS[key])
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const host = await startLighthouseHost()
const report = { runs: RUNS, targets: TARGETS, pages: {} }
const rows = []
try {
  const calibration = await host.audit('/', { onlyCategories: ['performance'] })
  const benchmarkIndex = Math.round(calibration.environment.benchmarkIndex)
  const multiplier = Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER) || calibratedMultiplier(benchmarkIndex)
  Object.assign(report, { benchmarkIndex, cpuSlowdownMultiplier: Number(multiplier.toFixed(2)) })
  console.log(
    `lighthouse ${calibration.lighthouseVersion}, ${calibration.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]}: ` +
      `host BenchmarkIndex ${benchmarkIndex}, CPU slowdown ${multiplier.toFixed(2)}x (mobile, Slow 4G, simulated), ` +
      `median of ${RUNS} runs per page`,
  )
  for (const page of pagesFromEnv()) {
    const path = await host.resolvePath(page)
    const runs = []
    for (let run = 0; run < RUNS; run++) {
      const { categories, audits } = await host.audit(path, {
        onlyCategories: ['performance'],
        throttling: { cpuSlowdownMultiplier: multiplier },
      })
      const figures = Object.fromEntries(
        FIGURES.map(({ key, audit }) => [
          key,
          audit
            ? (audits[audit]?.numericValue ?? Number.NaN)
            : Math.round((categories.performance?.score ?? 0) * 100),
        ]),
      )
      runs.push(figures)
      console.log(
        `  ${path} run ${run + 1}: ${FIGURES.map((f) => `${f.label} ${f.show(figures[f.key])}`).join(', ')}`,
      )
    }
    const medians = Object.fromEntries(
      FIGURES.map(({ key }) => [key, median(runs.map((figures) => figures[key]))]),
    )
    const missed = FIGURES.filter(({ key }) => over(key, medians[key])).map(({ label }) => label)
    report.pages[path] = { ...medians, overBudget: missed }
    rows.push([
      path,
      ...FIGURES.map((f) => f.show(medians[f.key])),
      missed.length ? `over budget: ${missed.join(', ')}` : 'ok',
    ])
  }
} finally {
  await host.close()
}

const header = ['page', ...FIGURES.map((f) => f.label), '']
const bound = (key) => (key === 'performance' ? '≥ ' : key === 'cls' ? '' : '≤ ')
const target = ['target', ...FIGURES.map((f) => `${bound(f.key)}${f.show(TARGETS[f.key])}`), '']
const table = [header, target, ...rows]
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)))
console.log(`\nLighthouse performance, median of ${RUNS} (the benchmark reports; it does not fail):`)
for (const row of table)
  console.log(
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  )
mkdirSync(join(APP_ROOT, 'reports'), { recursive: true })
writeFileSync(join(APP_ROOT, 'reports', 'lighthouse-bench.json'), `${JSON.stringify(report, null, 2)}\n`)
