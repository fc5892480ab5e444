import type { DevOutbox } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import type { Messages, OutboxMessage } from '../parties/messages/messages-port'

interface OutboxRow {
  id: number
  notice_id: number
  kind: string
  channel: 'sms' | 'wechat'
  recipient: string
  template_id: string
  payload: string
  state: 'pending' | 'sent'
  created_at: number
  sent_at: number | null
}

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  noticeId: row.notice_id,
  kind: row.kind,
  channel: row.channel,
  recipient: row.recipient,
  templateId: row.template_id,
  payload: JSON.parse(row.payload) as Record<string, unknown>,
  idempotencyKey: `xdance-outbox-${row.id}`,
})

/**
 * Sends the pending messages, oldest first, and marks each sent only after its provider accepted it. A crash between
 * the two leaves the message pending: the next run sends it again with the same idempotency key, which the provider
 * recognises, so a message is neither lost nor doubled. A message the provider refused stays pending too. Returns
 * the messages accepted in this run.
 */
export function deliverOutbox(ctx: GatewayContext, send: Messages['send'], limit = 200): OutboxMessage[] {
  const rows = ctx.db.all<OutboxRow>(
    `SELECT o.*, n.kind FROM outbox o JOIN notices n ON n.id = o.notice_id
     WHERE o.state = 'pending' ORDER BY o.id LIMIT ?`,
    limit,
  )
  const accepted: OutboxMessage[] = []
  for (const row of rows) {
    const message = toMessage(row)
    try {
      send(message)
    } catch (error) {
      ctx.log(
        `outbox #${row.id} not accepted (${error instanceof Error ? error.message : String(error)}): tried again on the next run`,
      )
      continue
    }
    ctx.db.run(
      "UPDATE outbox SET state = 'sent', sent_at = ? WHERE id = ? AND state = 'pending'",
      ctx.now(),
      row.id,
    )
    accepted.push(message)
  }
  return accepted
}

/** `GET /__dev/outbox`: every message of the outbox, oldest first. */
export function listOutbox(ctx: GatewayContext): DevOutbox[] {
  return ctx.db
    .all<OutboxRow>('SELECT o.*, n.kind FROM outbox o JOIN notices n ON n.id = o.notice_id ORDER BY o.id')
    .map((row) => ({
      ...toMessage(row),
      state: row.state,
      createdAt: new Date(row.created_at).toISOString(),
      sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
    }))
}
