import type { GatewayContext } from '../core/context'
import { actionStatus } from '../services/idempotency'
import { endpointRoutes } from './endpoint-route'
import type { Api } from './gateway-env'

/**
 * Whether a keyed action of the signed-in customer happened: what the app asks after a timeout, before it offers to
 * send the action again (another customer's key is `unknown`, never theirs).
 */
export function mountActionRoutes(api: Api, ctx: GatewayContext): void {
  endpointRoutes(api, ctx)('GET /actions/:key', ({ customer, params }) =>
    actionStatus(ctx, customer.id, params.key),
  )
}
