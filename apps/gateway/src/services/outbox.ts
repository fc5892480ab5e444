import type { DevOutbox } from '@xdance/contract'
import type { GatewayContext } from '../context'

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

/** A message of the outbox as the sender gets it. */
export type OutboxMessage = Pick<
  DevOutbox,
  'id' | 'noticeId' | 'kind' | 'channel' | 'recipient' | 'templateId'
> & {
  payload: Record<string, unknown>
}

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  noticeId: row.notice_id,
  kind: row.kind,
  channel: row.channel,
  recipient: row.recipient,
  templateId: row.template_id,
  payload: JSON.parse(row.payload) as Record<string, unknown>,
})

/**
 * Sends what waits in the outbox: claims up to `limit` pending messages in one write transaction (marking them
 * `sent` with the time), then hands each to `send`. A message is claimed by exactly one delivery, so it goes out
 * once even if two deliveries (two ticks, two processes on one database) run at once. There is no SMS or WeChat
 * provider here: `send` writes the log line a real sender would replace, keyed by the outbox id so that a real
 * provider could deduplicate a resend.
 */
export function deliverOutbox(
  ctx: GatewayContext,
  send: (message: OutboxMessage) => void,
  limit = 200,
): OutboxMessage[] {
  const claimed = ctx.db.transaction(() => {
    const rows = ctx.db.all<OutboxRow>(
      `SELECT o.*, n.kind FROM outbox o JOIN notices n ON n.id = o.notice_id
       WHERE o.state = 'pending' ORDER BY o.id LIMIT ?`,
      limit,
    )
    const now = ctx.now()
    for (const row of rows) {
      ctx.db.run(
        "UPDATE outbox SET state = 'sent', sent_at = ? WHERE id = ? AND state = 'pending'",
        now,
        row.id,
      )
    }
    return rows.map(toMessage)
  })
  for (const message of claimed) send(message)
  return claimed
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
