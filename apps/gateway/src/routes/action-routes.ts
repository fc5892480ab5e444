import { sValidator } from '@hono/standard-validator'
import { ENDPOINTS } from '@xdance/contract/schemas'
import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { auth } from '../middleware/auth'
import { refuseInvalid } from '../middleware/validate'
import { actionStatus } from '../services/idempotency'
import type { Api } from './gateway-env'

const { lookupAction: lookup } = ENDPOINTS

/**
 * Whether a keyed action of the signed-in customer happened: what the app asks after a timeout, before it offers to
 * send the action again (another customer's key is `unknown`, never theirs).
 */
export function mountActionRoutes(api: Api, ctx: GatewayContext): void {
  api.on(
    lookup.method,
    lookup.path,
    auth(ctx, lookup.auth),
    sValidator('param', lookup.params, refuseInvalid),
    (c) => c.json(ok(actionStatus(ctx, c.get('customer').id, c.req.valid('param').key))),
  )
}
