import type { DevReport, DevTrace, TraceMarkBody, VisitReportParams } from '@xdance/contract'
import type { GatewayContext } from '../context'

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

/** Every visit report received, oldest first (newest last). */
export function listReports(ctx: GatewayContext): DevReport[] {
  return ctx.db
    .all<{
      id: number
      method: string
      params: string
      body: string | null
      has_authorization: number
      received_at: number
    }>('SELECT * FROM visit_reports ORDER BY id')
    .map((row) => ({
      id: row.id,
      method: row.method,
      params: JSON.parse(row.params) as Record<string, string>,
      body: row.body,
      hasAuthorization: row.has_authorization === 1,
      receivedAt: new Date(row.received_at).toISOString(),
    }))
}

/** Every trace mark received, oldest first (newest last). */
export function listTraces(ctx: GatewayContext): DevTrace[] {
  return ctx.db
    .all<{ id: number; body: string; has_authorization: number; received_at: number }>(
      'SELECT * FROM trace_marks ORDER BY id',
    )
    .map((row) => ({
      id: row.id,
      body: JSON.parse(row.body) as Record<string, unknown>,
      hasAuthorization: row.has_authorization === 1,
      receivedAt: new Date(row.received_at).toISOString(),
    }))
}
