import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import * as example from '../examples/quick-start'

test('the README quick start is the example file, and it runs', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const source = readFileSync(new URL('../examples/quick-start.ts', import.meta.url), 'utf8')
  expect(readme).toContain(source.trim())
  expect(example.weekUrl).toBe('/dance-gateway/classes?from=2025-06-02&to=2025-06-08')
  expect(example.classUrl).toBe('/dance-gateway/classes/7')
  expect(example.full).toBe(true)
  expect(example.shown).toBe('138****8000')
})

test("the README's table of calls has one line per row of the contract, no more", async () => {
  const { ENDPOINTS } = await import('./schemas/endpoints')
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const documented = [...readme.matchAll(/^\| `((?:GET|POST) \/[^`]*)`/gm)].map((match) => match[1])
  expect(documented.sort()).toEqual(Object.keys(ENDPOINTS).sort())
})
