import { RouterContextProvider } from 'react-router'
import { type Services, servicesContext } from './services'

/**
 * A fresh router context holding the services, for `createBrowserRouter`'s (or a test's `createMemoryRouter`'s)
 * `getContext`: it runs once per navigation and fetcher call, so each call gets its own context with the same
 * services.
 *
 * @example
 * createBrowserRouter(routes, { getContext: () => routerContext(services) })
 */
export function routerContext(services: Services): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(servicesContext, services)
  return context
}
