// Finds fixed waits in the repository's tests: a test that sleeps for a number of milliseconds instead of waiting for
// a condition (a locator, waitForFunction, an event) or moving a controlled clock (page.clock, vi fake timers, an
// injected `now`) is slow on a quiet machine and flaky on a busy one. `npm test` runs no-fixed-waits.test.mjs,
// which fails on any wait longer than MAX_WAIT_MS in a test file or test helper.
//
// What counts as a fixed wait: `page.waitForTimeout(x)`, `setTimeout(resolve, x)` (a promise settled by a timer),
// `sleep(x)`, `delay(x)` and `setTimeout(resolve, x)` inside `new Promise`, where x is a number literal or a
// `const` of this file above MAX_WAIT_MS, or an expression it cannot read (a helper taking the duration as a
// parameter is a fixed wait too). A timer that rejects or fails a test after a time limit is a bound, not a wait,
// and is not counted; neither is a `{ timeout: … }` option (an upper bound on a condition).
import { readFileSync } from 'node:fs'

/** The longest fixed wait a test may have, in milliseconds. */
export const MAX_WAIT_MS = 100

/** Tests and test helpers: what the check reads (paths relative to the repository root, as `git ls-files` prints). */
export function isTestFile(path) {
  if (!/\.(m?[jt]sx?)$/.test(path) || path.includes('node_modules/')) return false
  if (/\.test\.m?[jt]sx?$/.test(path)) return true
  return /(^|\/)(e2e|test|testing)\//.test(path) || path.startsWith('tools/testkit/src/')
}

const WAIT_CALLS = [
  /\bwaitForTimeout\(\s*([^)]*?)\s*\)/g,
  /\b(?:sleep|delay)\(\s*([^),]*?)\s*\)/g,
  /\bsetTimeout\(\s*(?:resolve|r|done|res)\s*,\s*([^)]*?)\s*\)/g,
]

const numberOf = (text) => {
  const literal = text.replace(/_/g, '')
  return /^\d+(\.\d+)?$/.test(literal) ? Number(literal) : undefined
}

/**
 * The fixed waits longer than MAX_WAIT_MS in one file's source, each with its line and what it waits.
 *
 * @example
 * fixedWaits('await page.waitForTimeout(1500)') // [{ line: 1, text: 'waitForTimeout(1500)', ms: 1500 }]
 */
export function fixedWaits(source) {
  const constants = new Map()
  for (const match of source.matchAll(/\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*([\d_]+(?:\.\d+)?)\b/g)) {
    constants.set(match[1], numberOf(match[2]))
  }
  const found = []
  for (const pattern of WAIT_CALLS) {
    for (const match of source.matchAll(pattern)) {
      const arg = match[1]
      // A definition (`const sleep = (ms) => …`, `function delay(ms)`) is not a call; its callers are checked.
      const before = source.slice(Math.max(0, match.index - 20), match.index)
      if (/(function\s+|const\s+|let\s+)$/.test(before)) continue
      // The body of a `sleep(ms)` / `delay(ms)` helper: its callers are what is checked.
      if (match[0].startsWith('setTimeout') && /^(ms|milliseconds)$/.test(arg)) continue
      const ms = numberOf(arg) ?? constants.get(arg)
      if (ms !== undefined && ms <= MAX_WAIT_MS) continue
      const line = source.slice(0, match.index).split('\n').length
      found.push({ line, text: match[0], ms: ms ?? 'unknown' })
    }
  }
  return found.sort((a, b) => a.line - b.line)
}

/** Every fixed wait of every test file among `paths`, read from `root`. */
export function fixedWaitsIn(root, paths) {
  return paths
    .filter(isTestFile)
    .flatMap((path) => fixedWaits(readFileSync(`${root}/${path}`, 'utf8')).map((wait) => ({ path, ...wait })))
}
