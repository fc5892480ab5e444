import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// Issue 29: an endpoint is one row of the contract (`ENDPOINTS`, keyed by its method and path). These scans find a
// second table: an object mapping names to HTTP methods, or a contract path written out as a string of its own
// outside the rows. `scripts/one-row.test.mjs` runs them over every source tree; the gateway's and the app's
// architecture tests check the other two ends (a route only from its row, a call only through the typed call).

/** A row key of the contract: `'GET /classes/:id'`. */
const ROW_KEY_RE = /['"`](GET|POST|PUT|PATCH|DELETE) (\/[^'"`\s]*)['"`]/g
/** The spec's fixed paths (`VISIT_REPORT_PATH = '/report/behavior/report'`), the rows' computed keys. */
const PATH_CONSTANT_RE = /export const \w+_PATH = '(\/[^']+)'/g
/** A property naming an HTTP method for something else than a request's own `method`: `getMe: 'GET'`. */
const METHOD_ENTRY_RE =
  /(?:^|[{,\s])(?!method\b)(?!['"](?:GET|POST|PUT|PATCH|DELETE)['"])([A-Za-z_$][\w$]*|'[^']+'|"[^"]+")\s*:\s*['"](GET|POST|PUT|PATCH|DELETE)['"]/

/**
 * The paths of the contract's rows, read from the contract's schema sources (the keys) and its path constants.
 *
 * @example
 * ```js
 * contractPaths('packages/contract/src') // Set { '/classes', '/classes/:id', … }
 * ```
 *
 * @param {string} contractSrc
 * @returns {Set<string>}
 */
export function contractPaths(contractSrc) {
  const paths = new Set()
  for (const file of sourceFiles(contractSrc)) {
    const source = codeLines(readFileSync(join(contractSrc, file), 'utf8')).join('\n')
    for (const match of source.matchAll(ROW_KEY_RE)) paths.add(match[2])
    for (const match of source.matchAll(PATH_CONSTANT_RE)) paths.add(match[1])
  }
  return paths
}

/**
 * Each code line (comments skipped) of `source` that is an entry of a method table, or that writes a contract path
 * as a string of its own (not inside a row key).
 *
 * @example
 * ```js
 * secondTableLines("const M = { getMe: 'GET' }", new Set(['/me'])) // ["1: const M = { getMe: 'GET' }"]
 * ```
 *
 * @param {string} source
 * @param {ReadonlySet<string>} paths
 * @returns {string[]}
 */
export function secondTableLines(source, paths) {
  const found = []
  codeLines(source).forEach((code, i) => {
    if (!code) return
    const withoutKeys = code.replace(ROW_KEY_RE, "''")
    const literals = [...withoutKeys.matchAll(/['"`](\/[^'"`\s]*)['"`]/g)].map((match) => match[1])
    if (METHOD_ENTRY_RE.test(code) || literals.some((literal) => paths.has(literal)))
      found.push(`${i + 1}: ${code}`)
  })
  return found
}

/**
 * The lines of `source`, trimmed, a comment line (`//`, `/*`, ` *`) blanked so that line numbers stay.
 *
 * @param {string} source
 * @returns {string[]}
 */
function codeLines(source) {
  return source.split('\n').map((line) => {
    const code = line.trim()
    return code.startsWith('*') || code.startsWith('//') || code.startsWith('/*') ? '' : code
  })
}

/**
 * The non-test `.ts`, `.tsx` and `.mjs` files under `root`, relative to it.
 *
 * @param {string} root
 * @returns {string[]}
 */
export function sourceFiles(root) {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.|(^|\/)testing\//.test(file))
    .filter((file) => !file.split('/').includes('node_modules'))
    .sort()
}
