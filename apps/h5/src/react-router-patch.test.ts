import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

// patches/react-router@8.5.1.patch (README, "Budgets": "React Router, trimmed") takes out of React Router's production
// build what only its framework mode runs. Each row is a string of the removed code that the minifier keeps (a
// component's name, an error message): found in the entry, it means the patch is no longer applied (a new version
// of react-router, a lost `patchedDependencies` entry), and the first screen has grown back.
const dist = join(import.meta.dirname, '..', 'dist')
const manifestPath = join(dist, '.vite', 'manifest.json')

const removed: [what: string, marker: string][] = [
  ['Link’s prefetch links (framework mode’s route manifest)', 'PrefetchPageLinks'],
  ['the framework context’s check, which only framework components make', '<HydratedRouter>'],
  ['the `instrumentations` option’s wrappers', 'Uninstrumented'],
  ['the error digests of React Server Components', 'REACT_ROUTER_ERROR'],
]

describe('the patched React Router in the production build', () => {
  if (!existsSync(manifestPath)) {
    throw new Error('dist/.vite/manifest.json is missing: run `pnpm --filter @xdance/h5 build` first.')
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
  const code = readFileSync(join(dist, entry?.file ?? ''), 'utf8')

  test('the entry is React Router’s (its router is in it)', () => {
    // Without this the rows below could pass on a build that has no React Router at all.
    expect(code.includes('You must provide a non-empty routes array to createRouter')).toBe(true)
  })

  test('the option it removes fails loudly instead of being ignored', () => {
    expect(code.includes('react-router is patched without `instrumentations`')).toBe(true)
  })

  test.each(removed)('the entry holds no %s', (_what, marker) => {
    // A boolean, not toMatch: a failure would print the whole entry.
    expect(code.includes(marker)).toBe(false)
  })
})
