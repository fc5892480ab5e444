import { data, type RouterContextProvider, redirect } from 'react-router'
import { type Services, servicesContext } from './services'

// What route modules share (the services, a route id, a redirect), from a module of the entry chunk. The lazy route
// modules (shop, orders, notices, waitlist) call these instead of importing `servicesContext` or `react-router`'s
// helpers themselves: measured with Vite 8, a lazy chunk importing `servicesContext` makes the bundler move React,
// React Router's utilities and the contract out of the entry into chunks of their own, which the first screen then
// downloads as extra files (1.2 KB more min+gzip, over the budget).

/**
 * A route's `:id` as a positive integer; anything else is a page that does not exist (404), not a request the
 * gateway should see.
 *
 * @example
 * const id = idParam(params.id) // throws a 404 for 'abc', '0', '-1', '1.5'
 */
export function idParam(raw: string | undefined): number {
  const id = Number(raw)
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 })
  return id
}

/**
 * A redirect to a path of the app (a new history entry).
 *
 * @example
 * return redirectTo(`/orders/${order.id}`)
 */
export function redirectTo(path: string): Response {
  return redirect(path)
}

/**
 * The services of a loader's, action's or middleware's router context.
 *
 * @example
 * const { client } = servicesOf(context)
 */
export function servicesOf(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext)
}
