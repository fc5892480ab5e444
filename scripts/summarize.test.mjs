// The suite's closing line must never say "0 failed" when a gate failed: these pin summarize.mjs and the
// test-summary.mjs command line. Run by `npm test` (node:test, no dependency): node --test scripts/
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { checksFromTurboRun, countsFromTap, countsFromVitest, parseSteps, summarize } from './summarize.mjs'

const ok = (passed) => ({ passed, failed: 0, skipped: 0 })
const task = (taskId, exitCode, extra = {}) => {
  const [pkg, name] = taskId.split('#')
  return {
    taskId,
    task: name,
    package: pkg,
    command: 'x',
    ...(exitCode === undefined ? {} : { execution: { exitCode } }),
    ...extra,
  }
}
const run = (tasks, exitCode = 0) => ({ tasks, execution: { exitCode } })
const lastLine = (result) => result.lines.at(-1)

describe('summarize: the closing line counts every failure', () => {
  const cases = [
    {
      name: 'all tests and checks pass: checks add to the passed count',
      input: { reports: [{ name: 'a', counts: ok(10) }], checks: [{ name: 'biome', ok: true }] },
      line: '11 passed, 0 failed',
    },
    {
      name: 'a failed step (Biome) with every test passing',
      input: { reports: [{ name: 'a', counts: ok(1242) }], checks: [{ name: 'biome', ok: false }] },
      line: '1242 passed, 1 failed',
    },
    {
      name: 'the Lighthouse gate failed',
      input: {
        reports: [{ name: 'a', counts: ok(5) }],
        checks: [
          { name: 'changeset status', ok: true },
          { name: 'lighthouse', ok: false },
        ],
      },
      line: '6 passed, 1 failed',
    },
    {
      name: 'a package with tests but no report',
      input: {
        reports: [
          { name: 'a', counts: ok(3) },
          { name: 'b', counts: null },
        ],
      },
      line: '3 passed, 1 failed',
    },
    {
      name: 'failed and skipped tests',
      input: { reports: [{ name: 'a', counts: { passed: 2, failed: 1, skipped: 4 } }] },
      line: '2 passed, 1 failed, 4 skipped',
    },
  ]
  for (const { name, input, line } of cases) {
    test(name, () => assert.equal(lastLine(summarize(input)), line))
  }

  test('names each failed check above the closing line', () => {
    const { lines } = summarize({ checks: [{ name: '@xdance/url#gate (exited 1)', ok: false }] })
    assert.ok(lines.includes('  failed: @xdance/url#gate (exited 1)'), lines.join('\n'))
  })
})

describe('checksFromTurboRun: one check per build, typecheck and gate task', () => {
  const cases = [
    {
      name: 'a failed gate is a failed check',
      run: run([task('@x/a#build', 0), task('@x/a#gate', 1), task('@x/a#typecheck', 0)], 1),
      failed: ['@x/a#gate (exited 1)'],
      passed: 2,
    },
    {
      name: 'a task that did not run is a failed check',
      run: run([task('@x/a#build', 1), task('@x/a#typecheck')], 1),
      failed: ['@x/a#build (exited 1)', '@x/a#typecheck (did not run)'],
      passed: 0,
    },
    {
      name: 'a package without the script is no check',
      run: run([task('@x/a#build', 0), task('@x/t#build', undefined, { command: '<NONEXISTENT>' })]),
      failed: [],
      passed: 1,
    },
    {
      name: 'a passing test task is counted by its report, not as a check',
      run: run([task('@x/a#test', 0)]),
      failed: [],
      passed: 0,
    },
    {
      name: 'a test task that failed with failed tests is not counted twice',
      run: run([task('@x/a#test', 1)], 1),
      failedTests: 3,
      failed: [],
      passed: 0,
    },
    {
      name: 'a test task that failed without a failed test (a crash) is a failed check',
      run: run([task('@x/a#test', 1)], 1),
      failed: ['@x/a#test (exited 1 without a failed test in its report)'],
      passed: 0,
    },
    {
      name: 'turbo failed with no failed task',
      run: run([task('@x/a#build', 0)]),
      exitCode: 1,
      failed: ['turbo run (exited 1)'],
      passed: 1,
    },
    {
      name: 'no run summary',
      run: null,
      failed: ['turbo run (it wrote no run summary)'],
      passed: 0,
    },
  ]
  for (const { name, run, exitCode = 0, failedTests = 0, failed, passed } of cases) {
    test(name, () => {
      const checks = checksFromTurboRun(run, { exitCode, failedTests: () => failedTests })
      assert.deepEqual(
        checks.filter((check) => !check.ok).map((check) => check.name),
        failed,
      )
      assert.equal(checks.filter((check) => check.ok).length, passed)
    })
  }
})

describe('report readers', () => {
  test('a Vitest report whose suite failed to load counts a failure', () => {
    const counts = countsFromVitest({
      numPassedTests: 4,
      numFailedTests: 0,
      numPendingTests: 0,
      success: false,
    })
    assert.deepEqual(counts, { passed: 4, failed: 1, skipped: 0 })
  })
  test("node:test's TAP totals", () => {
    const tap =
      'TAP version 13\nok 1 - a\n1..2\n# tests 9\n# pass 6\n# fail 1\n# cancelled 1\n# skipped 1\n# todo 0\n'
    assert.deepEqual(countsFromTap(tap), { passed: 6, failed: 2, skipped: 1 })
  })
  test('a TAP stream cut short is no report', () =>
    assert.equal(countsFromTap('TAP version 13\nok 1 - a\n'), null))
  test('the steps file of test-all.sh', () => {
    assert.deepEqual(parseSteps('ok\tbiome\nfailed\tlighthouse (@xdance/h5)\n'), [
      { name: 'biome', ok: true },
      { name: 'lighthouse (@xdance/h5)', ok: false },
    ])
  })
})

describe('test-summary.mjs', () => {
  const script = fileURLToPath(new URL('test-summary.mjs', import.meta.url))
  // A checkout of one package whose 7 tests passed, so that only the arguments decide the verdict.
  const root = mkdtempSync(join(tmpdir(), 'xdance-summary-'))
  mkdirSync(join(root, 'packages', 'a', 'reports'), { recursive: true })
  writeFileSync(
    join(root, 'packages', 'a', 'package.json'),
    JSON.stringify({ name: 'a', scripts: { test: 'x' } }),
  )
  writeFileSync(
    join(root, 'packages', 'a', 'reports', 'vitest.json'),
    JSON.stringify({ numPassedTests: 7, numFailedTests: 0, numPendingTests: 0, success: true }),
  )
  const summary = (...args) => {
    const result = spawnSync(process.execPath, [script, '--root', root, ...args], { encoding: 'utf8' })
    return { status: result.status, stdout: result.stdout, last: result.stdout.trim().split('\n').at(-1) }
  }
  const file = (name, text) => {
    writeFileSync(join(root, name), text)
    return join(root, name)
  }

  test('every test and step passing: the line says 0 failed and the exit status is 0', () => {
    const result = summary('--steps', file('ok.tsv', 'ok\tbiome\n'))
    assert.equal(result.last, '8 passed, 0 failed')
    assert.equal(result.status, 0)
  })

  test('a failed step: the line counts it and the exit status is 1', () => {
    const result = summary('--steps', file('steps.tsv', 'ok\tbiome\nfailed\tlighthouse\n'))
    assert.equal(result.last, '8 passed, 1 failed')
    assert.match(result.stdout, /failed: lighthouse/)
    assert.equal(result.status, 1)
  })

  test('a failed gate task of the turbo run: the line counts it and the exit status is 1', () => {
    const turbo = file('run.json', JSON.stringify(run([task('a#build', 0), task('a#gate', 1)], 1)))
    const result = summary('--turbo-run', turbo, '--turbo-exit', '1')
    assert.equal(result.last, '8 passed, 1 failed')
    assert.equal(result.status, 1)
  })

  test('a missing turbo run summary fails', () => {
    const result = summary('--turbo-run', join(root, 'none.json'))
    assert.match(result.stdout, /failed: turbo run \(it wrote no run summary\)/)
    assert.equal(result.last, '7 passed, 1 failed')
    assert.equal(result.status, 1)
  })

  test('a Vitest report named on the command line (the engine journeys) is counted', () => {
    const report = file(
      'engines.json',
      JSON.stringify({ numPassedTests: 4, numFailedTests: 1, numPendingTests: 0, success: false }),
    )
    const result = summary('--vitest', `engines=${report}`)
    assert.match(result.stdout, /^engines: 4 passed, 1 failed$/m)
    assert.equal(result.last, '11 passed, 1 failed')
    assert.equal(result.status, 1)
  })

  test('a Vitest report named on the command line and missing fails', () => {
    const result = summary('--vitest', `engines=${join(root, 'no-engines.json')}`)
    assert.match(result.stdout, /engines: no test report/)
    assert.equal(result.last, '7 passed, 1 failed')
    assert.equal(result.status, 1)
  })
})
