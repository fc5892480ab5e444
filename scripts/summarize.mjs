// The logic of the suite's closing line, "N passed, M failed": pure functions over what the suite's steps left
// behind, so that scripts/summarize.test.mjs can pin them. scripts/test-summary.mjs reads the files and prints.
//
// Two kinds of result are counted:
// - tests, from each package's test report (Vitest's JSON, or TAP for the root scripts' own node:test tests); a
//   package whose report is missing counts one failure: its tests did not run;
// - checks, one per gate that is not a test: each step of scripts/test-all.sh (Biome, changeset status, the
//   Lighthouse gate) and each task of the turbo run (build, typecheck, gate of every package). A test task is
//   counted through its report, and as a failed check only when it failed without a failed test in its report
//   (a crash, an unhandled error), so that every failure shows in the line and none is counted twice.

/** The counts of a Vitest JSON report (`reporters: [['json', { outputFile }]]`). */
export function countsFromVitest(report) {
  return {
    passed: report.numPassedTests ?? 0,
    // A suite that failed to load (a syntax error, a failing import) has no failed test but fails the run.
    failed: Math.max(report.numFailedTests ?? 0, report.success === false ? 1 : 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  }
}

/** The counts of a TAP stream as node:test writes it (`--test-reporter=tap`): its closing `# pass N` comments. */
export function countsFromTap(text) {
  const count = (name) => {
    const match = text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))
    return match ? Number(match[1]) : undefined
  }
  const passed = count('pass')
  const failed = count('fail')
  if (passed === undefined || failed === undefined) return null
  return {
    passed,
    failed: failed + (count('cancelled') ?? 0),
    skipped: (count('skipped') ?? 0) + (count('todo') ?? 0),
  }
}

/**
 * The steps file scripts/test-all.sh writes: one line per step, `ok` or `failed`, a tab, the step's name.
 * Returns the checks `{ name, ok }`.
 */
export function parseSteps(text) {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [verdict, ...name] = line.split('\t')
      return { name: name.join('\t').trim(), ok: verdict === 'ok' }
    })
}

/**
 * The checks of a turbo run, from its run summary (`turbo run … --summarize`, `.turbo/runs/<id>.json`).
 * `failedTests(packageName)` says how many failed tests the package's test report holds.
 * `exitCode` is turbo's own exit status: a failed run with no failed task still fails a check.
 */
export function checksFromTurboRun(run, { exitCode = 0, failedTests = () => 0 } = {}) {
  if (!run) return [{ name: 'turbo run (it wrote no run summary)', ok: false }]
  const checks = []
  for (const task of run.tasks ?? []) {
    if (task.command === '<NONEXISTENT>') continue
    const code = task.execution?.exitCode
    if (code === undefined) {
      checks.push({ name: `${task.taskId} (did not run)`, ok: false })
      continue
    }
    if (task.task === 'test') {
      if (code !== 0 && failedTests(task.package) === 0) {
        checks.push({
          name: `${task.taskId} (exited ${code} without a failed test in its report)`,
          ok: false,
        })
      }
      continue
    }
    checks.push({ name: code === 0 ? task.taskId : `${task.taskId} (exited ${code})`, ok: code === 0 })
  }
  const turboFailed = exitCode !== 0 || (run.execution?.exitCode ?? 0) !== 0
  if (turboFailed && !checks.some((check) => !check.ok) && !hasFailedTestTask(run)) {
    checks.push({ name: `turbo run (exited ${exitCode || run.execution?.exitCode})`, ok: false })
  }
  return checks
}

function hasFailedTestTask(run) {
  return (run.tasks ?? []).some((task) => task.task === 'test' && (task.execution?.exitCode ?? 0) !== 0)
}

/**
 * Sums tests and checks. `reports`: `{ name, counts }` per package with tests, `counts` null when the report is
 * missing. `checks`: `{ name, ok }`. Returns the lines to print, the last one being `N passed, M failed`
 * (`, K skipped` when any were), and the totals.
 */
export function summarize({ reports = [], checks = [] }) {
  const lines = []
  let passed = 0
  let failed = 0
  let skipped = 0
  for (const { name, counts } of reports) {
    if (!counts) {
      lines.push(`${name}: no test report (its tests did not run)`)
      failed += 1
      continue
    }
    passed += counts.passed
    failed += counts.failed
    skipped += counts.skipped
    lines.push(`${name}: ${counts.passed} passed, ${counts.failed} failed`)
  }
  const failedChecks = checks.filter((check) => !check.ok)
  if (checks.length) {
    lines.push(
      `checks (lint, builds, typechecks, gates): ${checks.length - failedChecks.length} passed, ${failedChecks.length} failed`,
    )
    for (const check of failedChecks) lines.push(`  failed: ${check.name}`)
  }
  passed += checks.length - failedChecks.length
  failed += failedChecks.length
  lines.push(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
  return { lines, passed, failed, skipped }
}
