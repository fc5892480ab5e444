#!/usr/bin/env node
// Prints the suite's closing line, "N passed, M failed" (", K skipped" when any were), and exits 1 when M > 0,
// so that the line and the exit status always agree. Counts (see summarize.mjs):
// - every package's tests: the Vitest JSON report each package's test task writes to reports/vitest.json
//   (a package with a test script and no report counts as a failure);
// - with --steps FILE: the steps of scripts/test-all.sh that are not tests (one line each: `ok|failed<TAB>name`);
// - with --turbo-run FILE and --turbo-exit CODE: every build, typecheck and gate task of that turbo run;
// - with --tap NAME=FILE (repeatable): a node:test TAP report, counted as NAME's tests;
// - with --vitest NAME=FILE (repeatable): a Vitest JSON report of a run outside the packages' test tasks (the app's
//   engine journeys), counted as NAME's tests; a missing file counts as a failure, like a package's.
// --root DIR reads the packages of another checkout (the default is this one).
// Exits 2 when it cannot read its inputs.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { checksFromTurboRun, countsFromTap, countsFromVitest, parseSteps, summarize } from './summarize.mjs'

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'))

try {
  const { values } = parseArgs({
    options: {
      steps: { type: 'string' },
      'turbo-run': { type: 'string' },
      'turbo-exit': { type: 'string', default: '0' },
      tap: { type: 'string', multiple: true, default: [] },
      vitest: { type: 'string', multiple: true, default: [] },
      root: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) },
    },
  })
  const root = values.root

  const reports = []
  for (const group of ['packages', 'apps', 'tools']) {
    const dir = join(root, group)
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir).sort()) {
      const pkgFile = join(dir, name, 'package.json')
      if (!existsSync(pkgFile)) continue
      const pkg = readJson(pkgFile)
      if (!pkg.scripts?.test) continue
      const report = join(dir, name, 'reports', 'vitest.json')
      reports.push({ name: pkg.name, counts: existsSync(report) ? countsFromVitest(readJson(report)) : null })
    }
  }
  for (const entry of values.tap) {
    const [name, file] = entry.split('=')
    reports.push({ name, counts: existsSync(file) ? countsFromTap(readFileSync(file, 'utf8')) : null })
  }
  for (const entry of values.vitest) {
    const [name, file] = entry.split('=')
    reports.push({ name, counts: existsSync(file) ? countsFromVitest(readJson(file)) : null })
  }

  const checks =
    values.steps && existsSync(values.steps) ? parseSteps(readFileSync(values.steps, 'utf8')) : []
  if (values.steps && !existsSync(values.steps))
    checks.push({ name: `steps file ${values.steps} missing`, ok: false })
  if (values['turbo-run'] !== undefined) {
    const file = values['turbo-run']
    const failedTests = (name) => reports.find((report) => report.name === name)?.counts?.failed ?? 0
    const run = file && existsSync(file) ? readJson(file) : null
    checks.push(...checksFromTurboRun(run, { exitCode: Number(values['turbo-exit']), failedTests }))
  }

  const { lines, failed } = summarize({ reports, checks })
  for (const line of lines) console.log(line)
  process.exit(failed > 0 ? 1 : 0)
} catch (error) {
  console.error(`test summary: ${error.stack ?? error}`)
  process.exit(2)
}
