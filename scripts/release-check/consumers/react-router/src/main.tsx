// A React Router app as another front-end of the business would write it, with @xdance/tracker from the registry.
// The release check clicks / -> /go -> /courses/7 and closes the page: /go says visitReport: false, so exactly
// two visits must arrive, / and /courses/7.
import { createTracker } from '@xdance/tracker'
import { TrackerProvider, useTrackRoutes } from '@xdance/tracker/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router'

// minDuration 0: the check clicks through as fast as the page renders, and every visit counts.
const tracker = createTracker({ reportURL: import.meta.env.VITE_REPORT_URL, minDuration: 0 })
tracker.start()

function Layout() {
  useTrackRoutes()
  return <Outlet />
}

function Page({ title, next }: { title: string; next?: string }) {
  return (
    <main>
      <h1>{title}</h1>
      {next ? <Link to={next}>next</Link> : null}
    </main>
  )
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Page title="Classes" next="/go" /> },
      {
        path: '/go',
        element: <Page title="Redirecting" next="/courses/7" />,
        handle: { visitReport: false },
      },
      { path: '/courses/7', element: <Page title="Course 7" /> },
    ],
  },
])

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <TrackerProvider tracker={tracker}>
      <RouterProvider router={router} />
    </TrackerProvider>
  </StrictMode>,
)
