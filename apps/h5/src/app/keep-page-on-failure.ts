import type { RouteObject } from 'react-router'
import { revalidateAfter } from './gateway-failure'

/**
 * Gives every route of `routes` (and their children) a `shouldRevalidate` that skips reloading the page's data
 * after an action failed on the way (offline, timeout, the gateway down): reloading would fail the same way and
 * replace the page, its form and what the customer typed with the error page. A route's own `shouldRevalidate` is
 * kept.
 *
 * @example
 * createBrowserRouter(keepPageOnFailure(routes))
 */
export function keepPageOnFailure(routes: RouteObject[]): RouteObject[] {
  for (const route of routes) {
    route.shouldRevalidate ??= ({ actionResult, defaultShouldRevalidate }) =>
      revalidateAfter(actionResult, defaultShouldRevalidate)
    if (route.children) keepPageOnFailure(route.children)
  }
  return routes
}
