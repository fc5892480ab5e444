import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { type ImportGraph, importCycles, importGraph } from '../../../scripts/import-graph.mjs'

const SRC = fileURLToPath(new URL('.', import.meta.url))

/** The one file outside `emulation/` that may import it: where the real or emulated parties are picked. */
const COMPOSITION = 'start-up/compose-parties.ts'

const emulationImporters = (graph: ImportGraph) =>
  [...graph]
    .filter(([file]) => !file.startsWith('emulation/') && file !== COMPOSITION)
    .flatMap(([file, targets]) =>
      targets.filter((target) => target.startsWith('emulation/')).map((target) => `${file} -> ${target}`),
    )

describe('the shape of the gateway source', () => {
  test('the real code never imports the emulated outside parties: only start-up/compose-parties.ts does', () => {
    const graph = importGraph(SRC)
    expect(emulationImporters(graph)).toEqual([])
    // The scan sees what it is meant to see: the composition file does import the emulation.
    expect(graph.get(COMPOSITION)?.some((target) => target.startsWith('emulation/'))).toBe(true)
  })

  test('each outside party has its folder with its port, and the emulation mirrors the folders', () => {
    const folders = (dir: string) =>
      readdirSync(join(SRC, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    const parties = folders('parties')
    expect(parties).toEqual(['messages', 'wechat', 'wechat-pay'])
    expect(folders('emulation')).toEqual(parties)
    for (const party of parties) {
      const files = readdirSync(join(SRC, 'parties', party))
      // The port, and beside it at least one file of the real side.
      expect([party, files.includes(`${party}-port.ts`)]).toEqual([party, true])
      expect(
        files.filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')).length,
      ).toBeGreaterThan(1)
    }
  })

  test('no import cycle anywhere in apps/gateway/src (type-only imports count too)', () => {
    expect(importCycles(importGraph(SRC))).toEqual([])
  })

  test('the gateway knows nothing of the app: no import of it, no path into it, none of its pages', () => {
    const mentions = appMentions(SRC)
    expect(mentions).toEqual([])
  })

  test('the app scan finds what it looks for', () => {
    expect(APP_REFERENCE.test("const dir = new URL('../../h5/dist', import.meta.url)")).toBe(true)
    expect(APP_REFERENCE.test("await import('/repo/apps/h5/dist-server/render-page.js')")).toBe(true)
    expect(APP_REFERENCE.test("import { x } from '@xdance/h5'")).toBe(true)
    expect(APP_REFERENCE.test("join(staticDir, 'index.html')")).toBe(true)
    expect(APP_REFERENCE.test('<script type="application/json" id="xdance-settings">')).toBe(true)
    expect(APP_REFERENCE.test("api.get('/classes', handler)")).toBe(false)
  })
})

/**
 * What a gateway serving or loading the app would have to name: its package, its build folders, its page, its
 * settings block. (An HTML error page of the faults, an nginx 502, is no page of the app.)
 */
const APP_REFERENCE = /@xdance\/h5|\bh5\/dist|dist-server|render-page|index\.html|xdance-settings/

/** Each line of a non-test source file under `root` that names the app. */
function appMentions(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (APP_REFERENCE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    )
}

describe('the scan itself', () => {
  test.each<[string, Record<string, string[]>, string[][]]>([
    ['no edges', { 'a.ts': [], 'b.ts': [] }, []],
    ['a chain', { 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }, []],
    ['two files importing each other', { 'a.ts': ['b.ts'], 'b.ts': ['a.ts'] }, [['a.ts', 'b.ts', 'a.ts']]],
    [
      'a longer circle',
      { 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'] },
      [['a.ts', 'b.ts', 'c.ts', 'a.ts']],
    ],
    ['a file importing itself', { 'a.ts': ['a.ts'] }, [['a.ts', 'a.ts']]],
    [
      'a diamond is no circle',
      { 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['d.ts'], 'c.ts': ['d.ts'], 'd.ts': [] },
      [],
    ],
  ])('%s', (_name, edges, cycles) => {
    expect(importCycles(new Map(Object.entries(edges)))).toEqual(cycles)
  })

  test.each<[string, Record<string, string[]>, string[]]>([
    [
      'a route importing an emulated party',
      { 'routes/x.ts': ['emulation/y.ts'] },
      ['routes/x.ts -> emulation/y.ts'],
    ],
    ['the composition file may', { 'start-up/compose-parties.ts': ['emulation/y.ts'] }, []],
    ['the emulation may import real code', { 'emulation/y.ts': ['services/z.ts'] }, []],
  ])('%s', (_name, edges, found) => {
    expect(emulationImporters(new Map(Object.entries(edges)))).toEqual(found)
  })

  test('reads every import form the source uses', () => {
    const graph = importGraph(SRC)
    // app.ts imports values and types from files in other folders; index.ts re-exports them.
    expect(graph.get('start-up/app.ts')).toEqual(
      expect.arrayContaining(['core/context.ts', 'routes/gateway-env.ts']),
    )
    expect(graph.get('index.ts')).toEqual(
      expect.arrayContaining(['start-up/gateway.ts', 'settings/env-config.ts']),
    )
  })
})
