import { matchRoutes, type RouteObject } from 'react-router'

/**
 * Loads the lazy parts (`lazy: { Component }`) of the routes matching `location`, in place, so a router created on
 * these routes can hydrate a server-rendered page at once: with a lazy route matched, React Router would first
 * render its fallback, throwing the server's HTML away.
 *
 * @example
 * const routes = createRoutes()
 * await loadMatchedRoutes(routes, window.location)
 * hydrateRoot(root, <RouterProvider router={createBrowserRouter(routes, { hydrationData })} />)
 */
export async function loadMatchedRoutes(
  routes: RouteObject[],
  location: { pathname: string },
): Promise<void> {
  const matches = matchRoutes(routes, location.pathname) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy
      if (!lazy) return
      if (typeof lazy === 'function') {
        Object.assign(route, await lazy())
      } else {
        const parts = await Promise.all(
          Object.entries(lazy).map(
            async ([key, load]) => [key, await (load as () => Promise<unknown>)()] as const,
          ),
        )
        for (const [key, value] of parts) Object.assign(route, { [key]: value })
      }
      delete route.lazy
    }),
  )
}
