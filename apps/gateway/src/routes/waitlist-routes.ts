import { sValidator } from '@hono/standard-validator'
import { ENDPOINTS } from '@xdance/contract/schemas'
import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { auth } from '../middleware/auth'
import { idempotent } from '../middleware/idempotency'
import { refuseInvalid } from '../middleware/validate'
import { joinWaitlist, leaveWaitlist, listMyWaitlist } from '../services/waitlist'
import { langOf } from './data-language'
import type { Api } from './gateway-env'

const { joinWaitlist: join, leaveWaitlist: leave, listMyWaitlist: mine } = ENDPOINTS

/** Joining and leaving a full class's waitlist, and the customer's places. */
export function mountWaitlistRoutes(api: Api, ctx: GatewayContext): void {
  api.on(mine.method, mine.path, auth(ctx, mine.auth), (c) =>
    c.json(ok(listMyWaitlist(ctx, c.get('customer'), langOf(c)))),
  )

  api.on(
    join.method,
    join.path,
    auth(ctx, join.auth),
    sValidator('param', join.params, refuseInvalid),
    sValidator('json', join.body, refuseInvalid),
    idempotent(ctx),
    (c) =>
      c.json(
        ok(
          joinWaitlist(
            ctx,
            c.get('customer'),
            c.req.valid('param').id,
            c.req.valid('json').cardId,
            langOf(c),
          ),
        ),
      ),
  )

  api.on(
    leave.method,
    leave.path,
    auth(ctx, leave.auth),
    sValidator('param', leave.params, refuseInvalid),
    idempotent(ctx),
    (c) => c.json(ok(leaveWaitlist(ctx, c.get('customer'), c.req.valid('param').id, langOf(c)))),
  )
}
