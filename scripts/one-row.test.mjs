// Issue 29: an endpoint is one row of the contract. No source tree of the repository keeps a second table of the
// calls: no object of names to HTTP methods, no contract path written as a string of its own outside the rows
// (the app's page paths, which often read like the gateway's, are the app's architecture test's business: it
// forbids any request not made by the typed call). Run by `npm test` (node:test).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { contractPaths, secondTableLines, sourceFiles } from './one-row.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const paths = contractPaths(join(root, 'packages/contract/src'))
/** Where a path may stand alone, and why. */
const ALLOWED = new Map([
  [
    'packages/contract/src/paths.ts',
    "the spec's two fixed paths, the tracker's defaults and the rows' computed keys",
  ],
])
const TREES = ['packages/contract/src', 'apps/gateway/src', 'packages/http/src', 'packages/tracker/src']

test('the contract paths are read from the rows (the scan sees what it checks)', () => {
  for (const path of ['/classes', '/classes/:id', '/bookings', '/me/profile', '/report/behavior/report'])
    assert.ok(paths.has(path), path)
  assert.ok(paths.size >= 35, `${paths.size} paths`)
})

for (const tree of TREES) {
  test(`no second table of the calls in ${tree}`, () => {
    const files = sourceFiles(join(root, tree))
    assert.ok(files.length > 3, `${tree} has ${files.length} source files`)
    const found = files
      .filter((file) => !ALLOWED.has(`${tree}/${file}`))
      .flatMap((file) =>
        secondTableLines(readFileSync(join(root, tree, file), 'utf8'), paths).map(
          (line) => `${tree}/${file}:${line}`,
        ),
      )
    assert.deepEqual(found, [])
  })
}

test('the scan finds a method table and a path table, and passes the rows and requests', () => {
  const known = new Set(['/me', '/classes/:id'])
  assert.deepEqual(
    secondTableLines("export const API_METHODS = { getMe: 'GET', bookClass: 'POST' }", known),
    ["1: export const API_METHODS = { getMe: 'GET', bookClass: 'POST' }"],
  )
  assert.deepEqual(secondTableLines("  'getMe': 'GET',\n  \"x\": 'POST'", known).length, 2)
  assert.deepEqual(
    secondTableLines("export const API_PATHS = {\n  getMe: '/me',\n  getClass: `/classes/:id`,\n}", known),
    ["2: getMe: '/me',", '3: getClass: `/classes/:id`,'],
  )
  assert.deepEqual(secondTableLines("api.get('/me', handler)", known), ["1: api.get('/me', handler)"])
  assert.ok(!paths.has('/__dev/outbox'), 'a path named in a comment is no row')
  // What is not a second table: a row, a call by its key, a request's own method, a comment, another path.
  assert.deepEqual(
    secondTableLines(
      [
        "  'GET /me': { auth: 'required', answer: meSchema },",
        "on('GET /classes/:id', ({ params }) => getClass(ctx, params.id))",
        "fetch(url, { method: 'POST', body })",
        "const method = body === undefined ? 'GET' : 'POST'",
        "/** @example client.get('/me') */",
        "  // the old '/me' call",
        "const page = '/me/settings'",
      ].join('\n'),
      known,
    ),
    [],
  )
})
