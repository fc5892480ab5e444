import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { loadMatchedRoutes } from './load-matched-routes'

const Page = () => null
const Other = () => null

describe('loading the lazy parts of the matched routes', () => {
  it('fills the matched routes in place and leaves the others lazy', async () => {
    const loads: string[] = []
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          {
            path: 'schedule',
            lazy: {
              Component: async () => {
                loads.push('schedule')
                return Page
              },
            },
          },
          {
            path: 'teachers',
            lazy: async () => {
              loads.push('teachers')
              return { Component: Other }
            },
          },
        ],
      },
    ]
    await loadMatchedRoutes(routes, { pathname: '/schedule' })
    const [schedule, teachers] = routes[0]?.children ?? []
    expect(schedule?.Component).toBe(Page)
    expect(schedule?.lazy).toBeUndefined()
    expect(teachers?.lazy).toBeTypeOf('function')
    expect(loads).toEqual(['schedule'])

    await loadMatchedRoutes(routes, { pathname: '/teachers' })
    expect(teachers?.Component).toBe(Other)
    expect(teachers?.lazy).toBeUndefined()
    expect(loads).toEqual(['schedule', 'teachers'])
  })

  it('rejects when a part does not load (the caller then renders afresh)', async () => {
    const routes: RouteObject[] = [
      {
        path: '/',
        lazy: {
          Component: async () => {
            throw new TypeError('Failed to fetch dynamically imported module')
          },
        },
      },
    ]
    await expect(loadMatchedRoutes(routes, { pathname: '/' })).rejects.toThrow(/dynamically imported/)
  })

  it('does nothing where no route matches', async () => {
    const routes: RouteObject[] = [{ path: '/a', lazy: { Component: async () => Page } }]
    await loadMatchedRoutes(routes, { pathname: '/b' })
    expect(routes[0]?.lazy).toBeDefined()
  })
})
