#!/usr/bin/env node
// Lighthouse gate: accessibility and best practices of every audited page must score 100. Neither depends on how
// fast the machine is (they read the DOM, the console, the headers, not the clock), so one run per page is enough
// and the gate gives the same answer on a busy CI machine as on a laptop. Performance and its timings are not
// gated here: they move with the host's load; `pnpm bench` (bench.mjs) measures them against their targets.
//
// Prints each page's scores and the audits that cost points, writes reports/lighthouse.json, exits 1 when a score
// is under 100.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { APP_ROOT, GATE_PAGES, pagesFromEnv, startLighthouseHost } from './lighthouse-host.mjs'

/** The gated categories and the score each must reach (0-100). */
export const FLOORS = { accessibility: 100, 'best-practices': 100 }
const CATEGORIES = Object.keys(FLOORS)

const host = await startLighthouseHost()
const summary = { pages: {} }
let failed = false
try {
  for (const page of pagesFromEnv(process.env, GATE_PAGES)) {
    const path = await host.resolvePath(page)
    const { categories, audits, lighthouseVersion } = await host.audit(path, { onlyCategories: CATEGORIES })
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
    )
    const low = CATEGORIES.filter((id) => scores[id] < FLOORS[id])
    if (low.length) failed = true
    summary.lighthouseVersion = lighthouseVersion
    summary.pages[path] = scores
    console.log(
      `lighthouse ${path}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ')}: ${low.length ? 'UNDER 100' : 'ok'}`,
    )
    for (const id of low) {
      const weak = categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id}${audits[ref.id]?.displayValue ? ` (${audits[ref.id].displayValue})` : ''}`)
      console.log(`  ${id} ${scores[id]} < ${FLOORS[id]}: ${weak.join(', ')}`)
    }
  }
} finally {
  await host.close()
}
mkdirSync(join(APP_ROOT, 'reports'), { recursive: true })
writeFileSync(join(APP_ROOT, 'reports', 'lighthouse.json'), `${JSON.stringify(summary, null, 2)}\n`)
process.exit(failed ? 1 : 0)
