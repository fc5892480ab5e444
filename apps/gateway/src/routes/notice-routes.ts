import type { GatewayContext } from '../core/context'
import { listNotices, markAllNoticesRead, markNoticeRead } from '../services/notices'
import { endpointRoutes } from './endpoint-route'
import type { Api } from './gateway-env'

/** The signed-in customer's notices. */
export function mountNoticeRoutes(api: Api, ctx: GatewayContext): void {
  const on = endpointRoutes(api, ctx)
  on('GET /notices', ({ customer, lang }) => listNotices(ctx, customer, lang))
  on('POST /notices/read-all', ({ customer }) => markAllNoticesRead(ctx, customer))
  on('POST /notices/:id/read', ({ customer, params, lang }) => markNoticeRead(ctx, customer, params.id, lang))
}
