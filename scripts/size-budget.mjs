#!/usr/bin/env node
// Gzip size budget for a package's built entry points.
//
// Reads budget.config.json in the current package:
//   { "budgets": [{ "name": "index", "entry": "dist/index.js", "limit": 700, "external": ["@xdance/*"] }] }
// Each entry is bundled with every export kept, minified by esbuild, gzipped at level 9, and compared
// with its limit in bytes. `limit` may be omitted for a figure that is printed but not enforced
// (for example a dependency measured separately). Exits 1 when any entry is over its limit.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const cwd = process.cwd()
const pkg = JSON.parse(readFileSync(resolve(cwd, 'package.json'), 'utf8'))
let config
try {
  config = JSON.parse(readFileSync(resolve(cwd, 'budget.config.json'), 'utf8'))
} catch (error) {
  console.error(`${pkg.name}: cannot read budget.config.json: ${error.message}`)
  process.exit(1)
}

let failed = 0
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
  const verdict = budget.limit === undefined ? 'measured' : over ? 'OVER BUDGET' : 'ok'
  const limit = budget.limit === undefined ? '' : ` / limit ${budget.limit} B`
  console.log(`${pkg.name} ${budget.name}: ${code.length} B min, ${gzip} B min+gzip${limit}: ${verdict}`)
}
process.exit(failed ? 1 : 0)
