import { sanitizeRedirect } from './safe-redirect'

// Apart from sign-in.ts: the signed-in middleware and the pages' links need only this, and the first screen should
// not carry what signing in and out keeps and forgets.

/**
 * The sign-in page for a return path: `/login?redirect=<path>`. WeChat's one-time `code` and its `state` never ride
 * along (issue 21): spent or not, they are not the sign-in page's to keep, nor the return path's.
 *
 * @example
 * loginPath('/bookings?tab=past') // '/login?redirect=%2Fbookings%3Ftab%3Dpast'
 * loginPath('/bookings?code=C&state=S') // '/login?redirect=%2Fbookings'
 */
export function loginPath(returnTo: string): string {
  const [path = '', query] = returnTo.split('?', 2)
  const params = new URLSearchParams(query)
  params.delete('code')
  params.delete('state')
  const search = params.toString()
  return `/login?redirect=${encodeURIComponent(sanitizeRedirect(search ? `${path}?${search}` : path))}`
}
