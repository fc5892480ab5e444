import type { RouteObject } from 'react-router'
import { describe, expect, test } from 'vitest'
import { createRoutes, WARM_PATHS } from '../routes'
import { warmLoaders } from './warm-loaders'

function table(loaded: string[], fail = new Set<string>()): RouteObject[] {
  const lazyLoader = (name: string) => async () => {
    loaded.push(name)
    if (fail.has(name)) throw new TypeError('Failed to fetch dynamically imported module')
    return () => name
  }
  return [
    {
      path: '/',
      children: [
        { index: true, loader: () => 'home' },
        { path: 'schedule', lazy: { loader: lazyLoader('schedule'), Component: async () => () => null } },
        { path: 'bookings', lazy: { loader: lazyLoader('bookings') } },
        { path: 'shop', lazy: { loader: lazyLoader('shop') } },
      ],
    },
  ]
}

describe('warming the lazy loaders of the tab bar’s pages', () => {
  test('downloads the lazy loaders of the given pages only, and no component', async () => {
    const loaded: string[] = []
    const routes = table(loaded)
    await warmLoaders(routes, ['/', '/schedule', '/bookings'])
    expect(loaded).toEqual(['schedule', 'bookings'])
    // Nothing was run or filled in: the router still loads them itself.
    const schedule = routes[0]?.children?.[1]?.lazy as { loader: unknown } | undefined
    expect(typeof schedule?.loader).toBe('function')
  })

  test('a loader that does not download fails nothing', async () => {
    const loaded: string[] = []
    await expect(warmLoaders(table(loaded, new Set(['schedule'])), ['/schedule', '/bookings'])).resolves.toBe(
      undefined,
    )
    expect(loaded).toEqual(['schedule', 'bookings'])
  })

  test('in the app’s route table, each warm path matches a route whose loader is lazy', async () => {
    const warmed: string[] = []
    const routes = createRoutes()
    const wrap = (list: RouteObject[]) => {
      for (const route of list) {
        const lazy = route.lazy
        if (typeof lazy === 'object' && lazy.loader) {
          const load = lazy.loader
          lazy.loader = () => {
            warmed.push(route.path ?? '')
            return load()
          }
        }
        if (route.children) wrap(route.children)
      }
    }
    wrap(routes)
    await warmLoaders(routes, WARM_PATHS)
    expect(warmed.sort()).toEqual(['bookings', 'classes/:id', 'schedule', 'teachers', 'teachers/:id'])
  })
})
