import type { Endpoint } from '@xdance/contract'
import type { MiddlewareHandler } from 'hono'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { authenticate, type Customer } from '../services/auth'

/** What the auth middleware leaves on Hono's context for a call that needs a signed-in customer. */
export type SignedIn = { Variables: { customer: Customer; token: string } }
/** … for a call that reads a sign-in when there is one. */
export type MaybeSignedIn = { Variables: { customer: Customer | null; token: string | null } }
/** … for a call that ignores sign-in (the Authorization header is not even read). */
export type Anonymous = { Variables: { customer: null; token: null } }

/**
 * The auth middleware of a call, from its `auth` level in the contract's endpoint table: it reads the
 * Authorization header once and sets `customer` (and its `token`) on the context. `required` refuses with 401
 * when there is no live sign-in; `optional` leaves `null`; `none` does not look.
 */
export function auth(ctx: GatewayContext, level: 'required'): MiddlewareHandler<SignedIn>
export function auth(ctx: GatewayContext, level: 'optional'): MiddlewareHandler<MaybeSignedIn>
export function auth(ctx: GatewayContext, level: 'none'): MiddlewareHandler<Anonymous>
export function auth(ctx: GatewayContext, level: Endpoint['auth']): MiddlewareHandler<MaybeSignedIn>
export function auth(
  ctx: GatewayContext,
  level: Endpoint['auth'],
): MiddlewareHandler<SignedIn> | MiddlewareHandler<MaybeSignedIn> | MiddlewareHandler<Anonymous> {
  const middleware: MiddlewareHandler<MaybeSignedIn> = async (c, next) => {
    const session = level === 'none' ? undefined : authenticate(ctx, c.req.header('authorization'))
    if (!session && level === 'required') throw new Refusal('UNAUTHORIZED')
    c.set('customer', session?.customer ?? null)
    c.set('token', session?.token ?? null)
    await next()
  }
  return middleware
}
