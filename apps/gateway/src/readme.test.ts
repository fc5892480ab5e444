import { readdirSync, readFileSync } from 'node:fs'
import { ERROR_CODES } from '@xdance/contract'
import { expect, test, vi } from 'vitest'
import { ENV_DEFAULTS } from './settings/env-config'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

test('the README quick start is examples/quick-start.ts, verbatim', () => {
  const example = readFileSync(new URL('../examples/quick-start.ts', import.meta.url), 'utf8')
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``)
})

test('the quick start runs: it lists the week, signs in and books a class', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  try {
    await import('../examples/quick-start')
    expect(log.mock.calls[0]?.[0]).toMatch(/^\d+ classes from \d{4}-\d{2}-\d{2}$/)
    expect(log.mock.calls[1]?.[0]).toBe(200)
  } finally {
    log.mockRestore()
  }
})

test('the README catalogue lists every error code with its message', () => {
  for (const [name, entry] of Object.entries(ERROR_CODES)) {
    expect(readme).toMatch(new RegExp(`\\|\\s*${entry.code}\\s*\\|\\s*${name}\\s*\\|\\s*${entry.msg}`))
  }
})

test('the README configuration table lists every variable with its default', () => {
  // Biome pads the table's columns, so cells are matched with any spacing.
  for (const [name, value] of Object.entries(ENV_DEFAULTS)) {
    const cell = value === '' ? '\\(empty\\)' : `\`${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\``
    expect(readme).toMatch(new RegExp(`\\|\\s*\`${name}\`\\s*\\|\\s*${cell}\\s*\\|`))
  }
})

test('the README’s "Outside parties" names every stand-in in src/emulation/', () => {
  const section = readme.slice(readme.indexOf('## Outside parties'), readme.indexOf('## The waitlist'))
  const files = readdirSync(new URL('./emulation/', import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => name.split('/').at(-1) ?? name)
  expect(files.length).toBeGreaterThan(0)
  for (const file of files) expect([file, section.includes(file)]).toEqual([file, true])
})
