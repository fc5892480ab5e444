// No import cycle in any source tree of the repository (issue 20): a cycle makes module order decide behaviour and
// keeps a bundler from splitting. Type-only imports count too. Run by `npm test` (node:test).
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { importCycles, importGraph } from './import-graph.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const TREES = [
  'apps/gateway/src',
  'apps/h5/src',
  'packages/contract/src',
  'packages/http/src',
  'packages/session/src',
  'packages/tracker/src',
  'packages/url/src',
  'tools/testkit/src',
]

for (const tree of TREES) {
  test(`no import cycle in ${tree}`, () => {
    const graph = importGraph(join(root, tree), { withTests: true })
    // The scan reads the tree: a moved folder must not make this pass by reading nothing.
    assert.ok(graph.size > 3, `${tree} has ${graph.size} source files`)
    assert.deepEqual(importCycles(graph), [])
  })
}

test('the scan follows .tsx files, `.js` specifiers and index files, and finds a cycle through them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-graph-'))
  try {
    const write = (path, text) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    write('a.tsx', "import { b } from './b.js'\nexport const a = 1")
    write('b.ts', "import type { C } from './c'\nexport const b = 2")
    write('c/index.ts', "export { a } from '../a'\nexport type C = number")
    write('d.test.ts', "import { a } from './a'")
    assert.deepEqual(importGraph(dir).get('a.tsx'), ['b.ts'])
    assert.equal(importGraph(dir).has('d.test.ts'), false)
    assert.deepEqual(importCycles(importGraph(dir)), [['a.tsx', 'b.ts', 'c/index.ts', 'a.tsx']])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
