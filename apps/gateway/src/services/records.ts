import type { DevReport, DevTrace, TraceMarkBody, VisitReportParams } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import type { Page } from '../dev/dev-input'

/** Stores one visit report (the query parameters of a pixel or beacon request, as the contract keeps them). */
export function saveReport(
  ctx: GatewayContext,
  report: { method: string; params: VisitReportParams; body: string | null; hasAuthorization: boolean },
): void {
  ctx.db.run(
    'INSERT INTO visit_reports (method, params, body, has_authorization, received_at) VALUES (?, ?, ?, ?, ?)',
    report.method,
    JSON.stringify(report.params),
    report.body,
    report.hasAuthorization ? 1 : 0,
    ctx.now(),
  )
}

/** Stores one trace mark (its body as the contract keeps it). */
export function saveTrace(ctx: GatewayContext, body: TraceMarkBody, hasAuthorization: boolean): number {
  return ctx.db.run(
    'INSERT INTO trace_marks (body, has_authorization, received_at) VALUES (?, ?, ?)',
    JSON.stringify(body),
    hasAuthorization ? 1 : 0,
    ctx.now(),
  ).lastId
}

/**
 * The rows of a page, oldest first (newest last): the `limit` newest, or with `after` the `limit` rows after that id.
 * The table name comes from the two callers below, never from a request.
 */
function page<T>(ctx: GatewayContext, table: 'visit_reports' | 'trace_marks', { after, limit }: Page): T[] {
  if (after !== undefined) {
    return ctx.db.all<T>(`SELECT * FROM ${table} WHERE id > ? ORDER BY id LIMIT ?`, after, limit)
  }
  return ctx.db.all<T>(
    `SELECT * FROM (SELECT * FROM ${table} ORDER BY id DESC LIMIT ?) AS latest ORDER BY id`,
    limit,
  )
}

/** A page of the visit reports received, oldest first (newest last). */
export function listReports(ctx: GatewayContext, range: Page): DevReport[] {
  return page<{
    id: number
    method: string
    params: string
    body: string | null
    has_authorization: number
    received_at: number
  }>(ctx, 'visit_reports', range).map((row) => ({
    id: row.id,
    method: row.method,
    params: JSON.parse(row.params) as Record<string, string>,
    body: row.body,
    hasAuthorization: row.has_authorization === 1,
    receivedAt: new Date(row.received_at).toISOString(),
  }))
}

/** A page of the trace marks received, oldest first (newest last). */
export function listTraces(ctx: GatewayContext, range: Page): DevTrace[] {
  return page<{ id: number; body: string; has_authorization: number; received_at: number }>(
    ctx,
    'trace_marks',
    range,
  ).map((row) => ({
    id: row.id,
    body: JSON.parse(row.body) as Record<string, unknown>,
    hasAuthorization: row.has_authorization === 1,
    receivedAt: new Date(row.received_at).toISOString(),
  }))
}
