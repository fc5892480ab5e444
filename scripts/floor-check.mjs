#!/usr/bin/env node
// The static floor check: fails when the built app (apps/h5/dist) or a package's dist/ uses a platform API or a
// syntax above the support floor (the root package.json's browserslist, scripts/browser-floor.mjs). Vite and
// tsup lower syntax to the floor, but not APIs: a call to Object.hasOwn in the app or in a dependency ships as is
// and throws in Chromium 87 and iOS 15 (issue 18). The list below names each feature with the first Chromium and
// Safari versions that have it (MDN's compatibility data); a use that is feature-detected (`typeof X`) is fine.
//
//   node scripts/floor-check.mjs [DIR...]   (default: apps/h5/dist and packages/*/dist)
// Prints one line per finding (file, feature, what needs it, an excerpt) and exits 1 when there is any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseFloor, readFloor } from './browser-floor.mjs'

/** Features above iOS 15 / Chromium 87 somewhere, with the first versions that have them. */
export const FEATURES = [
  { name: 'Object.hasOwn', pattern: /\bObject\.hasOwn\b/g, chrome: 93, safari: 15.4 },
  { name: 'AbortSignal.timeout', pattern: /\bAbortSignal\.timeout\b/g, chrome: 103, safari: 16 },
  { name: 'AbortSignal.any', pattern: /\bAbortSignal\.any\b/g, chrome: 116, safari: 17.4 },
  { name: 'AbortSignal#throwIfAborted', pattern: /\.throwIfAborted\(/g, chrome: 100, safari: 15.4 },
  { name: 'Array#at / String#at', pattern: /\.at\((?=[-\w$])/g, chrome: 92, safari: 15.4 },
  { name: 'Array#findLast(Index)', pattern: /\.findLast(?:Index)?\(/g, chrome: 97, safari: 15.4 },
  {
    name: 'Array#toSorted/toReversed/toSpliced',
    pattern: /\.to(?:Sorted|Reversed|Spliced)\(/g,
    chrome: 110,
    safari: 16,
  },
  { name: 'structuredClone', pattern: /\bstructuredClone\(/g, chrome: 98, safari: 15.4 },
  { name: 'crypto.randomUUID', pattern: /\.randomUUID\(/g, chrome: 92, safari: 15.4 },
  {
    name: 'Object.groupBy / Map.groupBy',
    pattern: /\b(?:Object|Map)\.groupBy\b/g,
    chrome: 117,
    safari: 17.4,
  },
  { name: 'Promise.withResolvers', pattern: /\bPromise\.withResolvers\b/g, chrome: 119, safari: 17.4 },
  { name: 'Array.fromAsync', pattern: /\bArray\.fromAsync\b/g, chrome: 121, safari: 16.4 },
  {
    name: 'Set methods',
    pattern: /\.(?:symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)\(/g,
    chrome: 122,
    safari: 17,
  },
  { name: 'class static block (syntax)', pattern: /\bstatic\s*\{/g, chrome: 94, safari: 16.4 },
  {
    name: 'private brand check `#x in` (syntax)',
    pattern: /(?<![\w$])#[\w$]+\s+in\s/g,
    chrome: 91,
    safari: 15,
  },
]

/** The lowest Chromium and Safari versions of the floor, e.g. { chrome: 87, safari: 15 }. */
export function floorVersions(queries) {
  const floor = { chrome: Number.POSITIVE_INFINITY, safari: Number.POSITIVE_INFINITY }
  for (const { name, version } of parseFloor(queries)) {
    const engine =
      name === 'safari' || name === 'ios_saf'
        ? 'safari'
        : name === 'chrome' || name === 'and_chr'
          ? 'chrome'
          : null
    if (engine) floor[engine] = Math.min(floor[engine], Number(version))
  }
  return floor
}

/**
 * The uses of features above the floor in one file's source.
 *
 * @example
 * scan('a=Object.hasOwn(b,"c")', { chrome: 87, safari: 15 })
 * // [{ feature: 'Object.hasOwn', needs: 'Chromium 93, Safari 15.4', index: 2, excerpt: 'a=Object.hasOwn(b,"c")' }]
 */
export function scan(source, floor) {
  const findings = []
  for (const feature of FEATURES) {
    if (feature.chrome <= floor.chrome && feature.safari <= floor.safari) continue
    for (const match of source.matchAll(feature.pattern)) {
      // Feature detection (`typeof AbortSignal.any`, `typeof x.at`) is how floor-safe code reaches for the native.
      if (/typeof\s*\(?\s*[\w$.]*$/.test(source.slice(Math.max(0, match.index - 60), match.index))) continue
      const excerpt = source
        .slice(Math.max(0, match.index - 40), match.index + match[0].length + 40)
        .replace(/\s+/g, ' ')
      findings.push({
        feature: feature.name,
        needs: `Chromium ${feature.chrome}, Safari ${feature.safari}`,
        index: match.index,
        excerpt,
      })
    }
  }
  return findings
}

function* jsFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* jsFiles(path)
    else if (/\.(?:m?js|cjs)$/.test(name)) yield path
  }
}

/** The default places: the app's client build and every package's dist/. */
export function defaultDirs(root) {
  const dirs = [join(root, 'apps/h5/dist')]
  for (const name of readdirSync(join(root, 'packages')).sort())
    dirs.push(join(root, 'packages', name, 'dist'))
  return dirs
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const floor = floorVersions(readFloor())
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : defaultDirs(root)
  let files = 0
  let count = 0
  for (const dir of dirs) {
    if (!existsSync(dir)) {
      console.log(`floor check: ${relative(root, dir)} is missing (build first)`)
      count++
      continue
    }
    for (const file of jsFiles(dir)) {
      files++
      for (const finding of scan(readFileSync(file, 'utf8'), floor)) {
        count++
        console.log(
          `${relative(root, file)}: ${finding.feature} (needs ${finding.needs}): …${finding.excerpt}…`,
        )
      }
    }
  }
  console.log(
    `floor check (Chromium ${floor.chrome}, Safari ${floor.safari}): ${files} files, ${count} finding(s)`,
  )
  process.exitCode = count > 0 ? 1 : 0
}
