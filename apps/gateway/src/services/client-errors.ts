import type { DevClientError } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import type { Page } from '../dev/dev-input'

/** Stores one exception the app reported (fields as the contract's schema bounds them). */
export function saveClientError(
  ctx: GatewayContext,
  report: { message: string; stack: string; route: string; userAgent: string; kind: string },
  hasAuthorization: boolean,
): number {
  return ctx.db.run(
    'INSERT INTO client_errors (message, stack, route, user_agent, kind, has_authorization, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    report.message,
    report.stack,
    report.route,
    report.userAgent,
    report.kind,
    hasAuthorization ? 1 : 0,
    ctx.now(),
  ).lastId
}

/** A page of the client errors received, oldest first (newest last), for the dev API. */
export function listClientErrors(ctx: GatewayContext, { after, limit }: Page): DevClientError[] {
  const rows =
    after !== undefined
      ? ctx.db.all<Row>('SELECT * FROM client_errors WHERE id > ? ORDER BY id LIMIT ?', after, limit)
      : ctx.db.all<Row>(
          'SELECT * FROM (SELECT * FROM client_errors ORDER BY id DESC LIMIT ?) AS latest ORDER BY id',
          limit,
        )
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    stack: row.stack,
    route: row.route,
    userAgent: row.user_agent,
    kind: row.kind,
    hasAuthorization: row.has_authorization === 1,
    receivedAt: new Date(row.received_at).toISOString(),
  }))
}

interface Row {
  id: number
  message: string
  stack: string
  route: string
  user_agent: string
  kind: string
  has_authorization: number
  received_at: number
}
