import { sValidator } from '@hono/standard-validator'
import { VISIT_REPORT_PATH } from '@xdance/contract'
import { ENDPOINTS, visitReportSchema } from '@xdance/contract/schemas'
import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { Refusal } from '../gateway-server-error'
import { type AddressSource, clientAddress } from '../limits/client-address'
import type { RateWindow } from '../limits/rate-window'
import { auth } from '../middleware/auth'
import { refuseInvalid } from '../middleware/validate'
import { waitTips } from '../services/auth-limits'
import { saveReport, saveTrace } from '../services/records'
import type { Api } from './gateway-env'

/** The smallest transparent GIF, answered to the pixel fallback. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

const { traceMark } = ENDPOINTS

/** The per-address counters of the two sinks (in memory: see the README). */
export interface RecordLimiters {
  reports: RateWindow
  traces: RateWindow
  /** Client error reports (`POST /client-errors`). */
  clientErrors: RateWindow
}

/**
 * The two calls the spec names: visit reports (a pixel GET or a beacon POST, no envelope) and trace marks. Both
 * accept signed-out visitors and keep only the fields the contract's schemas keep, up to a number per client address
 * per minute.
 */
export function mountRecordRoutes(api: Api, ctx: GatewayContext, limiters: RecordLimiters): void {
  // Over the limit a report is answered as usual (a beacon or pixel has no one to tell) but not stored.
  const keepReport = (c: AddressSource) => limiters.reports.take(clientAddress(c, ctx.trustProxy)) === 0

  api.get(VISIT_REPORT_PATH, sValidator('query', visitReportSchema, refuseInvalid), (c) => {
    if (keepReport(c))
      saveReport(ctx, {
        method: 'GET',
        params: c.req.valid('query'),
        body: null,
        hasAuthorization: c.req.header('authorization') !== undefined,
      })
    return c.body(new Uint8Array(PIXEL), 200, {
      'content-type': 'image/gif',
      'cache-control': 'no-store, max-age=0',
    })
  })

  // sendBeacon posts text/plain (or whatever the page hands it): any body is accepted and kept as text.
  api.post(VISIT_REPORT_PATH, sValidator('query', visitReportSchema, refuseInvalid), async (c) => {
    const body = await c.req.text()
    if (keepReport(c))
      saveReport(ctx, {
        method: 'POST',
        params: c.req.valid('query'),
        body: body === '' ? null : body,
        hasAuthorization: c.req.header('authorization') !== undefined,
      })
    return c.body(null, 204)
  })

  api.on(
    traceMark.method,
    traceMark.path,
    auth(ctx, traceMark.auth),
    sValidator('json', traceMark.body, refuseInvalid),
    (c) => {
      // A mark has an answer the tracker reads, so over the limit it is refused, with when to come back.
      const wait = limiters.traces.take(clientAddress(c, ctx.trustProxy))
      if (wait > 0)
        throw new Refusal('TOO_MANY_REQUESTS', { tips: waitTips(wait), data: { retryAfter: wait } })
      const id = saveTrace(ctx, c.req.valid('json'), c.req.header('authorization') !== undefined)
      return c.json(ok({ id }))
    },
  )
}
