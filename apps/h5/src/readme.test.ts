import { readFileSync } from 'node:fs'
import { GATEWAY_PREFIX, HTTP_TIMEOUT } from '@xdance/contract'
import { describe, expect, it } from 'vitest'
import { visit } from './readme-example'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>
}

describe('the README', () => {
  it('shows the architecture example as it is in src/readme-example.ts, and the example runs as it says', async () => {
    const source = readFileSync(new URL('./readme-example.ts', import.meta.url), 'utf8')
    expect(readme).toContain(source.trim())
    expect(await visit('/bookings?tab=past')).toBe('/login?redirect=%2Fbookings%3Ftab%3Dpast')
    expect(await visit('/schedule?date=x')).toBe('/schedule?date=x')
  })

  it('names every script of package.json', () => {
    for (const name of Object.keys(pkg.scripts)) expect(readme, name).toContain(`\`${name}\``)
  })

  it.each([
    ['VITE_GATEWAY_PREFIX', GATEWAY_PREFIX],
    ['VITE_REQUEST_TIMEOUT', String(HTTP_TIMEOUT)],
  ])("documents %s with the contract's default", (name, value) => {
    expect(readme).toContain(`| \`${name}\``)
    expect(readme).toContain(`\`${value}\``)
  })
})
