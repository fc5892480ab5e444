import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { backOf, meta, type RouteHandle, titleOf } from './app/route-handle'
import { zh } from './i18n/zh'
import { routes } from './routes'

const children = routes[0]?.children ?? []
const pathOf = (route: RouteObject) => (route.index ? '/' : `/${route.path}`)

describe('the route table', () => {
  it('has the pages the issue lists, and a not-found page for anything else', () => {
    expect(children.map(pathOf)).toEqual([
      '/',
      '/schedule',
      '/classes/:id',
      '/bookings',
      '/cards',
      '/me',
      '/login',
      '/marketing/article',
      '/*',
    ])
  })

  it.each(children.map((route) => [pathOf(route), route] as const))(
    '%s declares its tracking flags, a title, an error page, and a lazy component',
    (_path, route) => {
      const handle = route.handle as RouteHandle
      for (const flag of ['visitReport', 'traceReport', 'autoReport'] as const) {
        expect(typeof handle[flag]).toBe('boolean')
      }
      expect(Object.hasOwn(zh, handle.title)).toBe(true)
      expect(route.errorElement).toBeTruthy()
      expect(typeof route.lazy).toBe('object')
      expect(route).not.toHaveProperty('Component')
      expect(route).not.toHaveProperty('element')
    },
  )

  it('lets only the article send its own trace mark', () => {
    const manual = children.filter((route) => (route.handle as RouteHandle).autoReport === false).map(pathOf)
    expect(manual).toEqual(['/marketing/article'])
  })

  it('gives every page outside the tab bar a back target, and none to the tab bar pages', () => {
    const backs = Object.fromEntries(
      children.map((route) => [pathOf(route), (route.handle as RouteHandle).back]),
    )
    expect(backs).toEqual({
      '/': undefined,
      '/schedule': undefined,
      '/classes/:id': '/schedule',
      '/bookings': undefined,
      '/cards': '/me',
      '/me': undefined,
      '/login': '/',
      '/marketing/article': '/',
      '/*': '/',
    })
  })

  it('reads the back target and the title from the deepest matched route that declares one', () => {
    const match = (handle: unknown) => ({
      id: '',
      pathname: '',
      params: {},
      loaderData: undefined,
      data: undefined,
      handle,
    })
    const matches = [match(undefined), match(meta('title.me', { back: '/x' })), match(meta('title.cards'))]
    expect(titleOf(matches)).toBe('title.cards')
    expect(backOf(matches)).toBe('/x')
    expect(backOf(matches.slice(0, 1))).toBeUndefined()
  })

  it('shows a fallback shell and an error page at the root', () => {
    expect(routes[0]?.hydrateFallbackElement).toBeTruthy()
    expect(routes[0]?.errorElement).toBeTruthy()
  })
})
