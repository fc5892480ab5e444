import type { GatewayContext } from '../core/context'
import { joinWaitlist, leaveWaitlist, listMyWaitlist } from '../services/waitlist'
import { endpointRoutes } from './endpoint-route'
import type { Api } from './gateway-env'

/** Joining and leaving a full class's waitlist, and the customer's places. */
export function mountWaitlistRoutes(api: Api, ctx: GatewayContext): void {
  const on = endpointRoutes(api, ctx)
  on('GET /me/waitlist', ({ customer, lang }) => listMyWaitlist(ctx, customer, lang))
  on('POST /classes/:id/waitlist', ({ customer, params, body, lang }) =>
    joinWaitlist(ctx, customer, params.id, body.cardId, lang),
  )
  on('POST /classes/:id/waitlist/leave', ({ customer, params, lang }) =>
    leaveWaitlist(ctx, customer, params.id, lang),
  )
}
