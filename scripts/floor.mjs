// The support floor, written once: the `browserslist` entry of the root package.json. Every build reads its targets
// from here (each package's tsup `target`, the app's Vite `build.target`), and the floor check (scripts/floor-check.mjs)
// holds the built code to it. Why this floor: the root README, "Browsers we support".
import { readFileSync } from 'node:fs'
import browserslist from 'browserslist'

const root = new URL('../package.json', import.meta.url)

/** The browserslist query of the floor, e.g. `['ios_saf >= 15', 'safari >= 15', 'chrome >= 87']`. */
export const FLOOR = JSON.parse(readFileSync(root, 'utf8')).browserslist

// browserslist's families as esbuild names them; a family esbuild does not know has no target of its own.
const ESBUILD_NAMES = {
  chrome: 'chrome',
  and_chr: 'chrome',
  ios_saf: 'ios',
  safari: 'safari',
  edge: 'edge',
  firefox: 'firefox',
}

/**
 * The floor as esbuild targets: the oldest version of each family the query names, e.g.
 * `['chrome87', 'ios15', 'safari15']`.
 * @param {readonly string[]} [query]
 * @returns {string[]}
 */
export function esbuildTargets(query = FLOOR) {
  const oldest = new Map()
  for (const entry of browserslist(query)) {
    const [family, range] = entry.split(' ')
    const name = ESBUILD_NAMES[family]
    // '15.0-15.1' → 15.0; esbuild takes major.minor.
    const version = Number.parseFloat(range)
    if (name && !(oldest.get(name) <= version)) oldest.set(name, version)
  }
  return [...oldest].map(([name, version]) => `${name}${version}`).sort()
}
