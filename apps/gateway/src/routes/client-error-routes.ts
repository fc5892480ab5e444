import { sValidator } from '@hono/standard-validator'
import { ENDPOINTS } from '@xdance/contract/schemas'
import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { clientAddress } from '../limits/client-address'
import type { RateWindow } from '../limits/rate-window'
import { auth } from '../middleware/auth'
import { refuseInvalid } from '../middleware/validate'
import { saveClientError } from '../services/client-errors'
import type { Api } from './gateway-env'

const { reportClientError: report } = ENDPOINTS

/**
 * The app's own exceptions (a bug, not a network failure): kept up to a number per client address per minute, then
 * answered `kept: false` (the app's reporter never retries), pruned with the other records.
 */
export function mountClientErrorRoutes(api: Api, ctx: GatewayContext, limiter: RateWindow): void {
  api.on(
    report.method,
    report.path,
    auth(ctx, report.auth),
    sValidator('json', report.body, refuseInvalid),
    (c) => {
      if (limiter.take(clientAddress(c, ctx.trustProxy)) > 0) return c.json(ok({ kept: false }))
      saveClientError(ctx, c.req.valid('json'), c.get('customer') !== null)
      return c.json(ok({ kept: true }))
    },
  )
}
