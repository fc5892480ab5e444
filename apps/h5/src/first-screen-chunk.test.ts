import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

// What the `xdance:first-screen-chunk` plugin (vite.config.ts) promises of the production build in dist/ (the test
// task runs after the build): the first screen is one file, and a part of a package only lazy chunks use stays out of
// it. The size of that file is the first-screen budget's business (scripts/first-screen-budget.mjs, the gate).
const dist = join(import.meta.dirname, '..', 'dist')
const manifestPath = join(dist, '.vite', 'manifest.json')
interface Chunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

describe('the production build’s first-screen chunk', () => {
  if (!existsSync(manifestPath)) {
    throw new Error('dist/.vite/manifest.json is missing: run `pnpm --filter @xdance/h5 build` first.')
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry) as Chunk
  const code = (chunk: Chunk) => readFileSync(join(dist, chunk.file), 'utf8')
  // The contract's error table, as the minifier writes it: its first two entries.
  const errorTable = /UNAUTHORIZED:401,VALIDATION:40001/

  test('the entry imports no other chunk: everything it needs at once is in it', () => {
    expect(entry.imports ?? []).toEqual([])
  })

  test('the home page’s chunk imports only the entry: its class cards and their formatting are in the entry', () => {
    const home = manifest['src/pages/home/home-page.tsx'] as Chunk
    expect((home.imports ?? []).map((key) => manifest[key]?.file)).toEqual([entry.file])
  })

  test('the contract’s error table is not in the entry but in the chunk of the sign-in page, its one user', () => {
    // A boolean, not toMatch: a failure would print the whole entry.
    expect(errorTable.test(code(entry))).toBe(false)
    const login = manifest['src/pages/login/login-page.tsx'] as Chunk
    const loginFiles = [login, ...(login.imports ?? []).map((key) => manifest[key] as Chunk)]
    expect(loginFiles.some((chunk) => errorTable.test(code(chunk)))).toBe(true)
  })

  test('what the first screen reads of the contract is in the entry (the paths, the calendar, codeStatus)', () => {
    const entryCode = code(entry)
    expect(entryCode.includes('/report/behavior/report')).toBe(true)
    expect(entryCode.includes('Asia/Shanghai')).toBe(true)
  })

  test('lazy imports go through the app’s preload helper (src/app/preload-chunks.ts), not Vite’s larger one', () => {
    const entryCode = code(entry)
    expect(entryCode.includes('vite:preloadError')).toBe(false)
    expect(entryCode.includes('relList.supports(`modulepreload`)')).toBe(true)
  })

  test('the list of files the lazy imports preload is at the end of the entry, beside the route table', () => {
    const entryCode = code(entry)
    expect(entryCode.includes('const __vite__mapDeps')).toBe(false)
    const list = entryCode.indexOf('function __vite__mapDeps(')
    expect(list).toBeGreaterThan(entryCode.length - 4000)
    // Each file of the list is named again by its import(), within gzip's reach (32 KB).
    expect(entryCode.lastIndexOf('import(`./home-page-')).toBeGreaterThan(list - 32_000)
  })
})
