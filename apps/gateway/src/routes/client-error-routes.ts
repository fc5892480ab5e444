import type { GatewayContext } from '../core/context'
import { clientAddress } from '../limits/client-address'
import type { RateWindow } from '../limits/rate-window'
import { saveClientError } from '../services/client-errors'
import { endpointRoutes } from './endpoint-route'
import type { Api } from './gateway-env'

/**
 * The app's own exceptions (a bug, not a network failure): kept up to a number per client address per minute, then
 * answered `kept: false` (the app's reporter never retries), pruned with the other records.
 */
export function mountClientErrorRoutes(api: Api, ctx: GatewayContext, limiter: RateWindow): void {
  endpointRoutes(api, ctx)('POST /client-errors', ({ body, customer }, c) => {
    if (limiter.take(clientAddress(c, ctx.trustProxy)) > 0) return { kept: false }
    saveClientError(ctx, body, customer !== null)
    return { kept: true }
  })
}
