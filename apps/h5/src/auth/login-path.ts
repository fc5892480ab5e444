import { sanitizeRedirect } from './safe-redirect'

// Apart from sign-in.ts: the signed-in middleware and the pages' links need only this, and the first screen should
// not carry what signing in and out keeps and forgets.

/**
 * The sign-in page for a return path: `/login?redirect=<path>`.
 *
 * @example
 * loginPath('/bookings?tab=past') // '/login?redirect=%2Fbookings%3Ftab%3Dpast'
 */
export function loginPath(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(sanitizeRedirect(returnTo))}`
}
