import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

// The import graph of a source tree, and its cycles: `scripts/import-cycles.test.mjs` keeps every tree of the
// repository free of cycles, and the gateway's architecture test reads its graph (the emulation stays apart).

/**
 * Each file of the scanned tree and the files of the same tree it imports (paths relative to the root).
 * @typedef {ReadonlyMap<string, readonly string[]>} ImportGraph
 */

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, type-only ones included.
const SPECIFIER_RE = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g

/**
 * The relative imports of every `.ts` and `.tsx` file under `root` (tests and test support excluded unless
 * `withTests`), resolved to files of the tree as the bundler and TypeScript resolve them: `./x` is `./x.ts`,
 * `./x.tsx` or `./x/index.ts`, and `./x.js` (the packages' ESM style) is `./x.ts`.
 *
 * @example
 * ```js
 * importGraph('apps/gateway/src').get('start-up/app.ts') // ['core/context.ts', 'core/envelope.ts', …]
 * ```
 *
 * @param {string} root
 * @param {{ withTests?: boolean }} [options]
 * @returns {ImportGraph}
 */
export function importGraph(root, { withTests = false } = {}) {
  const files = listTs(root).filter(
    (file) => withTests || !(/\.test\.tsx?$/.test(file) || file.startsWith('testing/')),
  )
  const known = new Set(listTs(root))
  /** @type {Map<string, string[]>} */
  const graph = new Map()
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8')
    /** @type {string[]} */
    const targets = []
    for (const match of source.matchAll(SPECIFIER_RE)) {
      const base = relative(root, resolve(root, dirname(file), match[2] ?? ''))
      const bare = base.replace(/\.js$/, '')
      const target = [
        `${bare}.ts`,
        `${bare}.tsx`,
        join(base, 'index.ts'),
        join(base, 'index.tsx'),
        base,
      ].find((candidate) => known.has(candidate))
      if (target && !targets.includes(target)) targets.push(target)
    }
    graph.set(file, targets)
  }
  return graph
}

/**
 * Every import cycle of the graph, each as the files around it (the first repeated at the end), or none.
 *
 * @example
 * ```js
 * importCycles(new Map([['a.ts', ['b.ts']], ['b.ts', ['a.ts']]])) // [['a.ts', 'b.ts', 'a.ts']]
 * ```
 *
 * @param {ImportGraph} graph
 * @returns {string[][]}
 */
export function importCycles(graph) {
  /** @type {string[][]} */
  const cycles = []
  /** @type {Map<string, 'open' | 'done'>} */
  const state = new Map()
  /** @type {string[]} */
  const path = []
  /** @param {string} file */
  const visit = (file) => {
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file)
  return cycles
}

/** @returns {string[]} */
function listTs(root, folder = '') {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder ? `${folder}/${entry.name}` : entry.name
    if (entry.isDirectory()) return listTs(root, path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}
