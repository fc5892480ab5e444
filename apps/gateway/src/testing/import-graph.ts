import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** One file of the scanned tree and the files of the same tree it imports (paths relative to the root). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, type-only ones included.
const SPECIFIER_RE = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g

/**
 * The relative imports of every `.ts` file under `root` (tests and test support excluded unless `withTests`),
 * resolved to files of the tree as the bundler resolves them (`./x` is `./x.ts` or `./x/index.ts`).
 *
 * @example
 * ```ts
 * importGraph('apps/gateway/src').get('app.ts') // ['context.ts', 'db/database-error.ts', …]
 * ```
 */
export function importGraph(root: string, { withTests = false } = {}): ImportGraph {
  const files = listTs(root).filter(
    (file) => withTests || !(file.endsWith('.test.ts') || file.startsWith('testing/')),
  )
  const known = new Set(listTs(root))
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8')
    const targets: string[] = []
    for (const match of source.matchAll(SPECIFIER_RE)) {
      const base = relative(root, resolve(root, dirname(file), match[2] ?? ''))
      const target = [`${base}.ts`, join(base, 'index.ts'), base].find((candidate) => known.has(candidate))
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
 * ```ts
 * importCycles(new Map([['a.ts', ['b.ts']], ['b.ts', ['a.ts']]])) // [['a.ts', 'b.ts', 'a.ts']]
 * ```
 */
export function importCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string) => {
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

function listTs(root: string, folder = ''): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder ? `${folder}/${entry.name}` : entry.name
    if (entry.isDirectory()) return listTs(root, path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}
