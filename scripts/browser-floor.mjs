// The support floor, read from the one place it is written: the `browserslist` entry of the root package.json
// (see the root README, "Browsers we support"). Every build derives its target from here: the app's Vite
// `build.target` and every package's tsup `target`; the static floor check (scripts/floor-check.mjs) reads the
// same versions. Only the `NAME >= VERSION` form is understood, so the floor stays a plain list of engines.
import { readFileSync } from 'node:fs'

/** browserslist names -> esbuild engine names. */
const ESBUILD_NAMES = {
  chrome: 'chrome',
  and_chr: 'chrome',
  safari: 'safari',
  ios_saf: 'ios',
  edge: 'edge',
  firefox: 'firefox',
}

/**
 * Parses browserslist queries of the form `NAME >= VERSION` into `{ name, version }` pairs.
 *
 * @example
 * parseFloor(['chrome >= 87', 'ios_saf >= 15']) // [{ name: 'chrome', version: '87' }, { name: 'ios_saf', version: '15' }]
 */
export function parseFloor(queries) {
  return queries.map((query) => {
    const match = /^\s*([a-z_]+)\s*>=\s*(\d+(?:\.\d+)?)\s*$/i.exec(query)
    if (!match) throw new Error(`browser floor: "${query}" is not of the form "NAME >= VERSION"`)
    const name = match[1].toLowerCase()
    if (!(name in ESBUILD_NAMES)) throw new Error(`browser floor: no esbuild target for "${name}"`)
    return { name, version: match[2] }
  })
}

/**
 * Maps browserslist queries to esbuild targets (Vite's `build.target`, tsup's `target`).
 *
 * @example
 * esbuildTargets(['chrome >= 87', 'safari >= 15', 'ios_saf >= 15']) // ['chrome87', 'safari15', 'ios15']
 */
export function esbuildTargets(queries) {
  return [...new Set(parseFloor(queries).map(({ name, version }) => `${ESBUILD_NAMES[name]}${version}`))]
}

/**
 * The root package.json's `browserslist` queries.
 *
 * @example
 * readFloor() // ['chrome >= 87', 'safari >= 15', 'ios_saf >= 15']
 */
export function readFloor(packageJsonUrl = new URL('../package.json', import.meta.url)) {
  const queries = JSON.parse(readFileSync(packageJsonUrl, 'utf8')).browserslist
  if (!Array.isArray(queries) || queries.length === 0)
    throw new Error('browser floor: no browserslist in package.json')
  return queries
}

/**
 * The esbuild targets of the floor, read from the root package.json.
 *
 * @example
 * floorTargets() // ['chrome87', 'safari15', 'ios15']
 */
export function floorTargets() {
  return esbuildTargets(readFloor())
}
