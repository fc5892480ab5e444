import { isLoggedIn, type Mode } from '@xdance/session'
import { data, type MiddlewareFunction, replace } from 'react-router'
import { servicesContext } from '../app/services'
import { loginPath } from './login-path'

/**
 * Stops a request that needs a signed-in customer. In web mode a signed-out visitor is sent to sign in and back
 * (a `replace`: the gated page must not stay in history behind /login, or the browser's back from /login would
 * land on it and be sent straight back); in app mode there is no sign-in screen (the native app owns the
 * session), so it is a 401 for the error page's "sign in in the app".
 *
 * @example
 * requireSignIn(mode, request) // in an action whose loader is public (booking a class)
 */
export function requireSignIn(mode: Mode, request: Request): void {
  if (isLoggedIn(mode)) return
  if (mode === 'app') throw data(null, { status: 401 })
  const url = new URL(request.url)
  throw replace(loginPath(`${url.pathname}${url.search}`))
}

/**
 * The route middleware of the signed-in layout (`/bookings`, `/cards`, `/me`): runs before their loaders and
 * actions, navigations and fetcher calls alike.
 *
 * @example
 * { id: 'signed-in', middleware: [signedInMiddleware], children: [...] }
 */
export const signedInMiddleware: MiddlewareFunction = ({ context, request }) => {
  requireSignIn(context.get(servicesContext).mode, request)
}
