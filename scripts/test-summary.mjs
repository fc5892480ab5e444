#!/usr/bin/env node
// Sums the Vitest JSON reports that every package's test task writes to reports/vitest.json
// and prints one closing line: "N passed, M failed" (", K skipped" when any were skipped).
// A package with a test script but no report counts as a failure: its tests did not run.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
let passed = 0
let failed = 0
let skipped = 0
const missing = []
for (const group of ['packages', 'apps', 'tools']) {
  const dir = join(root, group)
  if (!existsSync(dir)) continue
  for (const name of readdirSync(dir)) {
    const pkgFile = join(dir, name, 'package.json')
    if (!existsSync(pkgFile)) continue
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'))
    if (!pkg.scripts?.test) continue
    const report = join(dir, name, 'reports', 'vitest.json')
    if (!existsSync(report)) {
      missing.push(pkg.name)
      continue
    }
    const json = JSON.parse(readFileSync(report, 'utf8'))
    passed += json.numPassedTests
    failed += json.numFailedTests
    skipped += json.numPendingTests + (json.numTodoTests ?? 0)
    console.log(`${pkg.name}: ${json.numPassedTests} passed, ${json.numFailedTests} failed`)
  }
}
for (const name of missing) console.log(`${name}: no test report (its tests did not run)`)
failed += missing.length
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
