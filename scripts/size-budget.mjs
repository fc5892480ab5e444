#!/usr/bin/env node
// Gzip size budget for a package's built entry points, and the one source of the sizes its README quotes.
//
// Reads budget.config.json in the current package:
//   { "budgets": [{ "name": "index", "entry": "dist/index.js", "limit": 700, "external": ["@xdance/*"] }] }
// Each entry is bundled with every export kept, minified by esbuild, gzipped at level 9, and compared
// with its limit in bytes. `limit` may be omitted for a figure that is printed but not enforced
// (for example a dependency measured separately).
//
// The README's size block (between `<!-- size:start -->` and `<!-- size:end -->`, see size-readme.mjs) must hold
// exactly the measured figures: `--write` regenerates it, and without `--write` (the gate) a README quoting other
// figures fails the check. Exits 1 when any entry is over its limit or the README's block is missing or stale.
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { sizeBlock, staleness, withBlock } from './size-readme.mjs'

const cwd = process.cwd()
const write = process.argv.includes('--write')
const pkg = JSON.parse(readFileSync(resolve(cwd, 'package.json'), 'utf8'))
let config
try {
  config = JSON.parse(readFileSync(resolve(cwd, 'budget.config.json'), 'utf8'))
} catch (error) {
  console.error(`${pkg.name}: cannot read budget.config.json: ${error.message}`)
  process.exit(1)
}

let failed = 0
const rows = []
for (const budget of config.budgets) {
  const result = await build({
    entryPoints: [resolve(cwd, budget.entry)],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: budget.platform ?? 'browser',
    target: 'es2022',
    // As Vite and other app bundlers emit: non-ASCII text as UTF-8, not \uXXXX escapes.
    charset: 'utf8',
    external: budget.external ?? [],
    logLevel: 'silent',
  })
  const code = result.outputFiles[0].contents
  const gzip = gzipSync(code, { level: 9 }).length
  const over = budget.limit !== undefined && gzip > budget.limit
  if (over) failed++
  rows.push({ name: budget.name, min: code.length, gzip, limit: budget.limit })
  const verdict = budget.limit === undefined ? 'measured' : over ? 'OVER BUDGET' : 'ok'
  const limit = budget.limit === undefined ? '' : ` / limit ${budget.limit} B`
  console.log(`${pkg.name} ${budget.name}: ${code.length} B min, ${gzip} B min+gzip${limit}: ${verdict}`)
}

const readmePath = resolve(cwd, 'README.md')
const block = sizeBlock(rows)
let readme
try {
  readme = readFileSync(readmePath, 'utf8')
} catch (error) {
  console.error(`${pkg.name}: cannot read README.md: ${error.message}`)
  process.exit(1)
}
if (write) {
  try {
    const next = withBlock(readme, block)
    if (next !== readme) writeFileSync(readmePath, next)
    console.log(`${pkg.name}: README.md size block ${next === readme ? 'already up to date' : 'written'}`)
  } catch (error) {
    console.error(`${pkg.name}: README.md: ${error.message}`)
    failed++
  }
} else {
  const problem = staleness(readme, block)
  if (problem) {
    failed++
    console.error(`${pkg.name}: README.md ${problem}`)
    console.error(
      `Regenerate it: node ../../scripts/size-budget.mjs --write (in ${pkg.repository?.directory ?? cwd})`,
    )
  } else {
    console.log(`${pkg.name}: README.md size block matches the measured figures`)
  }
}
process.exit(failed ? 1 : 0)
