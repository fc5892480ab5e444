// No test may sleep for a fixed time longer than 100 ms (issue 20): a test waits for a condition or moves a clock it
// controls. Run by `npm test` (node:test, no dependency): node --test scripts/
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { fixedWaits, fixedWaitsIn, isTestFile, MAX_WAIT_MS } from './fixed-waits.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

// The fixed waits not yet replaced, per file, as the check counts them: none is left (the last were the tracker's
// Chromium scenarios and the e2e harness's dwell, now on Playwright's clock). A new fixed wait fails the check.
const NOT_YET_REPLACED = {}

describe('fixedWaits: what counts as a fixed wait', () => {
  const cases = [
    ['a Playwright wait of 1.5 s', 'await page.waitForTimeout(1500)', [1500]],
    ['a Playwright wait of 100 ms (the limit) is allowed', 'await page.waitForTimeout(100)', []],
    ['a promise settled by a timer', 'await new Promise((resolve) => setTimeout(resolve, 5_000))', [5000]],
    ['a short timer', 'await new Promise((resolve) => setTimeout(resolve, 5))', []],
    ['sleep() with a constant of the file', 'const DWELL = 250\nawait sleep(DWELL)', [250]],
    ['delay() with a literal', 'await delay(500)', [500]],
    ['a duration the check cannot read counts', 'await page.waitForTimeout(ms)', ['unknown']],
    [
      'a time limit that rejects is a bound, not a wait',
      'setTimeout(() => reject(new Error("late")), 15_000)',
      [],
    ],
    ['a timeout option bounds a condition', "await page.getByTestId('x').waitFor({ timeout: 15_000 })", []],
    [
      'the body of a sleep helper (its callers are checked)',
      'const sleep = (ms) => new Promise((r) => setTimeout(r, ms))',
      [],
    ],
  ]
  for (const [name, source, expected] of cases) {
    test(name, () => {
      assert.deepEqual(
        fixedWaits(source).map((wait) => wait.ms),
        expected,
      )
    })
  }
  test('test files and helpers are read, sources are not', () => {
    assert.deepEqual(
      [
        'apps/h5/e2e/errors.e2e.test.ts',
        'apps/h5/e2e/support/harness.ts',
        'packages/http/test/gateway.ts',
        'apps/gateway/src/testing/test-gateway.ts',
        'tools/testkit/src/server.ts',
        'apps/h5/src/lib/money.test.ts',
        'apps/h5/src/lib/money.ts',
        'packages/tracker/src/tracker.ts',
      ].filter(isTestFile),
      [
        'apps/h5/e2e/errors.e2e.test.ts',
        'apps/h5/e2e/support/harness.ts',
        'packages/http/test/gateway.ts',
        'apps/gateway/src/testing/test-gateway.ts',
        'tools/testkit/src/server.ts',
        'apps/h5/src/lib/money.test.ts',
      ],
    )
  })
})

test(`no test of the repository sleeps longer than ${MAX_WAIT_MS} ms beyond the known, shrinking list`, () => {
  // This file's own table of examples is not a test that waits.
  const paths = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((path) => path && path !== 'scripts/no-fixed-waits.test.mjs')
  const counts = {}
  const where = {}
  for (const wait of fixedWaitsIn(root, paths)) {
    counts[wait.path] = (counts[wait.path] ?? 0) + 1
    where[wait.path] = [...(where[wait.path] ?? []), `${wait.path}:${wait.line} ${wait.text} (${wait.ms} ms)`]
  }
  for (const [path, count] of Object.entries(counts)) {
    const known = NOT_YET_REPLACED[path] ?? 0
    assert.ok(
      count <= known,
      `fixed waits over ${MAX_WAIT_MS} ms (wait for a condition or drive a clock instead):\n${where[path].join('\n')}`,
    )
  }
  for (const [path, known] of Object.entries(NOT_YET_REPLACED)) {
    assert.ok(
      (counts[path] ?? 0) >= known,
      `${path} has ${counts[path] ?? 0} fixed waits now, the list says ${known}: lower NOT_YET_REPLACED`,
    )
  }
})
