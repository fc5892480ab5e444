#!/usr/bin/env node
// The floor check: fails when built code needs more than the support floor (the root package.json's browserslist:
// iOS Safari / WKWebView 15, Chromium 87). Three looks at every shipped JavaScript file (each package's dist/, the
// app's dist/assets/):
//   1. syntax: es-check against the ES version the floor supports, with its feature scan;
//   2. platform APIs: eslint-plugin-compat (MDN's compatibility data) on the same files;
//   3. the APIs (2) cannot see, from a tested list below (static methods it does not track).
// Prints every finding with its file and exits 1 if there is any. Run by `npm test`; `node scripts/floor-check.mjs`.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import compat from 'eslint-plugin-compat'
import { FLOOR } from './floor.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * Platform APIs above the floor that eslint-plugin-compat does not report in built code, with where they arrived.
 * A match is a finding unless the file feature-detects it: none of ours do, and a dependency that does is named in
 * ALLOWED with the reason.
 */
export const ABOVE_FLOOR = [
  { api: 'AbortSignal.any', pattern: /\bAbortSignal\.any\b/, since: 'Safari 17.4, Chromium 116' },
  { api: 'AbortSignal.timeout', pattern: /\bAbortSignal\.timeout\b/, since: 'Safari 16, Chromium 103' },
  { api: 'Object.hasOwn', pattern: /\bObject\.hasOwn\b/, since: 'Safari 15.4, Chromium 93' },
  { api: 'structuredClone', pattern: /\bstructuredClone\s*\(/, since: 'Safari 15.4, Chromium 98' },
  { api: 'Array.prototype.findLast', pattern: /\.findLast(Index)?\(/, since: 'Safari 15.4, Chromium 97' },
  { api: 'Array.fromAsync', pattern: /\bArray\.fromAsync\b/, since: 'Safari 16.4, Chromium 121' },
  { api: 'Promise.withResolvers', pattern: /\bPromise\.withResolvers\b/, since: 'Safari 17.4, Chromium 119' },
]

/**
 * APIs above the floor that the shipped code uses only behind a feature test, with where: eslint-plugin-compat
 * cannot tell a guarded use from a bare one in minified code, so each is named here once, with its guard.
 */
export const FEATURE_DETECTED = {
  // Safari has none before 18: the app falls back to the next task.
  requestIdleCallback: 'apps/h5/src/app/deployment.ts: (globalThis.requestIdleCallback ?? setTimeout)(…)',
}

/**
 * The findings of the tested list in one file's text.
 * @param {string} text
 * @returns {Array<{ api: string, since: string, line: number }>}
 */
export function scanText(text) {
  const found = []
  const lines = text.split('\n')
  for (const { api, pattern, since } of ABOVE_FLOOR) {
    lines.forEach((line, index) => {
      if (pattern.test(line)) found.push({ api, since, line: index + 1 })
    })
  }
  return found
}

/** Every shipped JavaScript file: packages' dist/ (not the server renderer, not source maps) and the app's assets. */
export function shippedFiles() {
  const files = []
  const walk = (dir) => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.(m?js)$/.test(entry.name)) files.push(path)
    }
  }
  for (const name of readdirSync(join(root, 'packages'))) walk(join(root, 'packages', name, 'dist'))
  walk(join(root, 'apps', 'h5', 'dist', 'assets'))
  return files
}

async function main() {
  const files = shippedFiles()
  if (files.length === 0) {
    console.error('floor check: no built files; run the build first (pnpm build)')
    process.exit(1)
  }
  console.log(`floor check: ${files.length} files against ${FLOOR.join(', ')}`)
  let problems = 0

  // 1. Syntax. es-check reads the floor as ES2021 (Chromium 87 lacks parts of ES2022); private class fields are
  // ES2022 but both floor engines have them (Chromium 74, Safari 14.1), so they are allowed by name.
  const esCheck = await import('node:child_process').then(({ spawnSync }) =>
    spawnSync(
      process.execPath,
      [
        join(root, 'node_modules', 'es-check', 'lib', 'cli', 'index.js'),
        'checkBrowser',
        ...files,
        '--module',
        '--checkFeatures',
        '--allowList=PrivateClassFields',
        `--browserslistQuery=${FLOOR.join(', ')}`,
        '--noColor',
      ],
      { encoding: 'utf8' },
    ),
  )
  if (esCheck.status !== 0) {
    problems++
    console.log(`syntax above the floor (es-check):\n${esCheck.stdout}${esCheck.stderr}`)
  } else {
    console.log('syntax: ok (es-check)')
  }

  // 2. Platform APIs, from MDN's compatibility data.
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.js', '**/*.mjs'],
        plugins: { compat },
        languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
        settings: { browsers: FLOOR, lintAllEsApis: true, polyfills: Object.keys(FEATURE_DETECTED) },
        rules: { 'compat/compat': 'error' },
        linterOptions: { reportUnusedDisableDirectives: 'off' },
      },
    ],
    ignore: false,
  })
  const results = await eslint.lintFiles(files)
  let apiFindings = 0
  for (const result of results) {
    for (const message of result.messages) {
      apiFindings++
      console.log(`${relative(root, result.filePath)}:${message.line}: ${message.message}`)
    }
  }
  if (apiFindings > 0) problems++
  else console.log('platform APIs: ok (eslint-plugin-compat)')

  // 3. The tested list.
  let listed = 0
  for (const file of files) {
    for (const finding of scanText(readFileSync(file, 'utf8'))) {
      listed++
      console.log(`${relative(root, file)}:${finding.line}: ${finding.api} needs ${finding.since}`)
    }
  }
  if (listed > 0) problems++
  else console.log(`platform APIs: ok (${ABOVE_FLOOR.length} more APIs checked by name)`)

  console.log(problems ? 'floor check: FAILED' : 'floor check: ok')
  process.exit(problems ? 1 : 0)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
