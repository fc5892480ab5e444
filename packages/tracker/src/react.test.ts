// @vitest-environment happy-dom
import { act, createElement, StrictMode, useEffect } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import type { RouteChange, Tracker } from './index'
import { TrackerProvider, useTracker, useTrackRoutes } from './react'

// React's act() needs to know it runs in a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function fakeTracker() {
  const changes: RouteChange[] = []
  const traces: unknown[] = []
  const tracker: Tracker = {
    start: vi.fn(),
    stop: vi.fn(),
    routeChanged: (route) => void changes.push(route),
    ignoreNext: vi.fn(),
    trace: async (extra) => void traces.push(extra),
    flush: vi.fn(),
  }
  return { tracker, changes, traces }
}

function Layout() {
  useTrackRoutes()
  return createElement(Outlet)
}

function Article() {
  const tracker = useTracker()
  useEffect(() => void tracker.trace({ articleId: 7 }), [tracker])
  return createElement('p', null, 'article')
}

const routes = [
  {
    element: createElement(Layout),
    handle: { traceReport: true, visitReport: true },
    children: [
      { path: '/', element: createElement('p', null, 'home') },
      {
        path: '/marketing',
        handle: { visitReport: false },
        children: [{ path: 'article', element: createElement(Article), handle: { autoReport: false } }],
      },
      { path: '/courses/:id', element: createElement('p', null, 'course') },
    ],
  },
]

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
})

function render(tracker: Tracker, initialEntries = ['/'], strict = false) {
  const router = createMemoryRouter(routes, { initialEntries })
  const app = createElement(TrackerProvider, { tracker }, createElement(RouterProvider, { router }))
  root = createRoot(document.createElement('div'))
  act(() => root?.render(strict ? createElement(StrictMode, null, app) : app))
  return router
}

test('every location change calls routeChanged once, with the path and the navigation type', async () => {
  const { tracker, changes } = fakeTracker()
  const router = render(tracker)
  await act(() => router.navigate('/courses/7?tab=info'))
  await act(() => router.navigate('/courses/8', { replace: true }))
  await act(() => router.navigate('/courses/9'))
  await act(() => router.navigate(-1))
  expect(changes.map(({ path, navigation }) => [path, navigation])).toEqual([
    ['/', 'pop'],
    ['/courses/7', 'push'],
    ['/courses/8', 'replace'],
    ['/courses/9', 'push'],
    ['/courses/8', 'pop'],
  ])
  expect(changes.every((change) => change.url === undefined)).toBe(true)
})

test('meta is the merged handle of the matched routes, deeper routes overriding', () => {
  const { tracker, changes } = fakeTracker()
  render(tracker, ['/marketing/article?id=42'])
  expect(changes[0]?.meta).toEqual({ traceReport: true, visitReport: false, autoReport: false })
  const home = fakeTracker()
  act(() => root?.unmount())
  render(home.tracker)
  expect(home.changes[0]?.meta).toEqual({ traceReport: true, visitReport: true })
})

test('a page’s own trace() runs after routeChanged for its route', () => {
  const { tracker, changes, traces } = fakeTracker()
  const order: string[] = []
  const logged: Tracker = {
    ...tracker,
    routeChanged: (route) => {
      order.push(`route ${route.path}`)
      tracker.routeChanged(route)
    },
    trace: async (extra) => {
      order.push('trace')
      await tracker.trace(extra)
    },
  }
  render(logged, ['/marketing/article?id=42'])
  expect(order).toEqual(['route /marketing/article', 'trace'])
  expect([changes.length, traces]).toEqual([1, [{ articleId: 7 }]])
})

test('StrictMode’s double effects and re-renders without navigation do not repeat a route change', async () => {
  const { tracker, changes } = fakeTracker()
  const router = render(tracker, ['/'], true)
  await act(() => router.revalidate())
  await act(() => router.navigate('/courses/7'))
  expect(changes.map((change) => change.path)).toEqual(['/', '/courses/7'])
})

function Probe() {
  useTracker()
  return null
}

test('useTracker outside a TrackerProvider throws TrackerError NO_PROVIDER', () => {
  // act() rethrows the render error; the root option keeps React from also logging it.
  root = createRoot(document.createElement('div'), { onUncaughtError: () => {} })
  expect(() => act(() => root?.render(createElement(Probe)))).toThrow(
    expect.objectContaining({ name: 'TrackerError', code: 'NO_PROVIDER' }),
  )
})
