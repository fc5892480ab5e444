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
  await Promise.all(
    (matchRoutes(routes, location.pathname) ?? []).map(async ({ route }) => {
      const lazy = route.lazy
      if (!lazy) return
      Object.assign(
        route,
        typeof lazy === 'function'
          ? await lazy()
          : Object.fromEntries(
              await Promise.all(
                Object.entries(lazy).map(async ([key, load]) => [key, await (load as () => unknown)()]),
              ),
            ),
      )
      delete route.lazy
    }),
  )
}
