// The CSS Modules' class names are `file__local` (vite.config.ts, scopedName): unique only while no two module files
// share a name and no global class holds `__`.
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { expect, test } from 'vitest'
import { scopedName } from '../vite.config'

const src = join(import.meta.dirname)
const modules = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((path) =>
  path.endsWith('.module.css'),
)

test('a module class is named after its file and its class, in the page as in the server', () => {
  expect(scopedName('class-time', '/app/src/components/class-card.module.css')).toBe('class-card__class-time')
  expect(scopedName('toast', '/app/src/components/toaster.module.css?used')).toBe('toaster__toast')
})

test('no two CSS Modules share a file name', () => {
  const names = modules.map((path) => basename(path))
  expect(names.length).toBeGreaterThan(10)
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([])
})

test('no global class holds `__`, the separator of module class names', () => {
  const globals = readFileSync(join(src, 'styles.css'), 'utf8')
  expect(globals.match(/\.[\w-]*__[\w-]*/g) ?? []).toEqual([])
})
