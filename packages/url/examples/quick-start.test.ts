import { readFileSync } from 'node:fs'
import { afterEach, expect, test, vi } from 'vitest'

afterEach(() => vi.restoreAllMocks())

test('the quick start runs and prints what its comments say', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  await import('./quick-start')
  expect(log.mock.calls).toEqual([
    ['42'],
    ['li na'],
    [null],
    ['https://h5.xdance.example/classes?style=jazz&style=tap'],
    [['jazz', 'tap']],
    ['/classes?style=jazz&page=2&level=beginner%201#list'],
  ])
})

test('the README shows the quick start verbatim', () => {
  const example = readFileSync(new URL('./quick-start.ts', import.meta.url), 'utf8')
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``)
})
