import { TRACE_MARK_PATH, VISIT_REPORT_PATH, type VisitReportParams } from '@xdance/contract'
import type { Context } from 'hono'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { type AddressSource, clientAddress } from '../limits/client-address'
import type { RateWindow } from '../limits/rate-window'
import { waitTips } from '../services/auth-limits'
import { saveReport, saveTrace } from '../services/records'
import { endpointRoutes } from './endpoint-route'
import type { Api, GatewayEnv } from './gateway-env'

/** The smallest transparent GIF, answered to the pixel fallback. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

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

  const on = endpointRoutes(api, ctx)
  const report = (
    method: 'GET' | 'POST',
    params: VisitReportParams,
    body: string | null,
    c: Context<GatewayEnv>,
  ) => {
    if (keepReport(c))
      saveReport(ctx, { method, params, body, hasAuthorization: c.req.header('authorization') !== undefined })
  }

  on(`GET ${VISIT_REPORT_PATH}`, ({ query }, c) => {
    report('GET', query, null, c)
    return c.body(new Uint8Array(PIXEL), 200, {
      'content-type': 'image/gif',
      'cache-control': 'no-store, max-age=0',
    })
  })

  // sendBeacon posts text/plain (or whatever the page hands it): any body is accepted and kept as text.
  on(`POST ${VISIT_REPORT_PATH}`, async ({ query }, c) => {
    const body = await c.req.text()
    report('POST', query, body === '' ? null : body, c)
    return c.body(null, 204)
  })

  on(`POST ${TRACE_MARK_PATH}`, ({ body }, c) => {
    // A mark has an answer the tracker reads, so over the limit it is refused, with when to come back.
    const wait = limiters.traces.take(clientAddress(c, ctx.trustProxy))
    if (wait > 0) throw new Refusal('TOO_MANY_REQUESTS', { tips: waitTips(wait), data: { retryAfter: wait } })
    return { id: saveTrace(ctx, body, c.req.header('authorization') !== undefined) }
  })
}
