import { sValidator } from '@hono/standard-validator'
import { ENDPOINTS } from '@xdance/contract/schemas'
import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { auth } from '../middleware/auth'
import { refuseInvalid } from '../middleware/validate'
import { listNotices, markAllNoticesRead, markNoticeRead } from '../services/notices'
import { langOf } from './data-language'
import type { Api } from './gateway-env'

const { listNotices: list, markNoticeRead: readOne, markAllNoticesRead: readAll } = ENDPOINTS

/** The signed-in customer's notices. */
export function mountNoticeRoutes(api: Api, ctx: GatewayContext): void {
  api.on(list.method, list.path, auth(ctx, list.auth), (c) =>
    c.json(ok(listNotices(ctx, c.get('customer'), langOf(c)))),
  )

  api.on(readAll.method, readAll.path, auth(ctx, readAll.auth), (c) =>
    c.json(ok(markAllNoticesRead(ctx, c.get('customer')))),
  )

  api.on(
    readOne.method,
    readOne.path,
    auth(ctx, readOne.auth),
    sValidator('param', readOne.params, refuseInvalid),
    (c) => c.json(ok(markNoticeRead(ctx, c.get('customer'), c.req.valid('param').id, langOf(c)))),
  )
}
