import { readFileSync } from 'node:fs'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { RouteHandle } from './app/route-handle'
import { DEFAULT_GATEWAY_PREFIX, DEFAULT_REQUEST_TIMEOUT } from './config/env'
import { routes } from './routes'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>
}

/** The cells of each README table row whose first cell matches `first`. */
function rows(first: RegExp): string[][] {
  return readme
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    )
    .filter((cells) => first.test(cells[0] ?? ''))
}

describe('the README', () => {
  it('lists every script of package.json in its scripts table', () => {
    const listed = rows(/^`[a-z:-]+`$/).map((cells) => cells[0]?.slice(1, -1))
    for (const name of Object.keys(pkg.scripts)) expect(listed, name).toContain(name)
  })

  it.each([
    ['VITE_GATEWAY_PREFIX', DEFAULT_GATEWAY_PREFIX],
    ['VITE_REQUEST_TIMEOUT', String(DEFAULT_REQUEST_TIMEOUT)],
  ])('documents %s with the default the app uses', (name, value) => {
    const [row] = rows(new RegExp(`^\`${name}\`$`))
    expect(row?.[1]).toBe(`\`${value}\``)
  })

  const children = routes[0]?.children ?? []
  const pathOf = (route: RouteObject) => (route.index ? '/' : route.path === '*' ? '*' : `/${route.path}`)
  it.each(children.map((route) => [pathOf(route), route] as const))(
    'route table: %s has the tracking flags and the back target of its handle',
    (path, route) => {
      const handle = route.handle as RouteHandle
      const row = rows(/^(`\/|anything else)/).find((cells) => {
        const cell = cells[0] ?? ''
        return path === '*' ? cell === 'anything else' : cell.replace(/`/g, '').split('?')[0] === path
      })
      expect(row, `no README row for ${path}`).toBeDefined()
      const flags = (row ?? []).slice(3, 6).map((cell) => cell.includes('✓'))
      expect(flags).toEqual([handle.visitReport, handle.traceReport, handle.autoReport])
      expect(row?.[7], 'the Back column').toBe(handle.back ? `\`${handle.back}\`` : '—')
    },
  )
})
