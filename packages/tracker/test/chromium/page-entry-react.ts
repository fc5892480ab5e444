// The React Router binding (`@xdance/tracker/react`): a data router with one catch-all page; the router navigates.
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router'
import type { TrackerOptions } from '../../src/index'
import { TrackerProvider, useTrackRoutes } from '../../src/react'
import { PRIVATE_ROUTE, startTracker, type TestApp, testApp } from './page-entry'

function Root() {
  useTrackRoutes()
  return createElement(Outlet)
}

export function boot(options: Partial<TrackerOptions> = {}): TestApp {
  const tracker = startTracker(options)
  const router = createBrowserRouter([
    {
      path: '/',
      Component: Root,
      children: [
        { path: PRIVATE_ROUTE.path.slice(1), handle: PRIVATE_ROUTE.meta, Component: null },
        { path: '*', Component: null },
      ],
    },
  ])
  const app = testApp(tracker, {
    push: (path) => void router.navigate(path),
    replace: (path) => void router.navigate(path, { replace: true }),
  })
  const root = document.createElement('div')
  document.body.prepend(root)
  createRoot(root).render(
    createElement(TrackerProvider, { tracker }, createElement(RouterProvider, { router })),
  )
  return app
}
