import { createGatewayClient } from '@xdance/http'
import { VISIT_REPORT_PATH } from '@xdance/tracker'
import { TrackerProvider, useTracker, useTrackRoutes } from '@xdance/tracker/react'
import { createTracker } from '@xdance/tracker/trace'
import { useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router'

const GATEWAY = '/dance-gateway'

// One tracker for the app: visits go to the report endpoint, trace marks through the gateway client.
const tracker = createTracker({
  reportURL: GATEWAY + VISIT_REPORT_PATH,
  client: createGatewayClient({ baseURL: GATEWAY }),
})
tracker.start()

// The root layout reports every route change, with the route's `handle` as its meta.
function Layout() {
  useTrackRoutes()
  return <Outlet />
}

// A page with `autoReport: false` sends its own trace mark once its content is known.
function Article() {
  const tracker = useTracker()
  useEffect(() => void tracker.trace({ articleId: 42 }), [tracker])
  return <article>Spring showcase</article>
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <h1>Classes</h1> },
      { path: '/marketing/article', element: <Article />, handle: { autoReport: false } },
      { path: '/go', element: <p>Redirecting…</p>, handle: { visitReport: false, traceReport: false } },
    ],
  },
])

createRoot(document.getElementById('root') as HTMLElement).render(
  <TrackerProvider tracker={tracker}>
    <RouterProvider router={router} />
  </TrackerProvider>,
)
