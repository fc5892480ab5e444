import type { GatewayContext } from '../../core/context'
import type { MessageSender, OutboxMessage } from '../../services/outbox'

/** A message as the emulated SMS or WeChat template provider received it (`GET /__dev/messages`). */
export interface EmulatedMessage {
  idempotencyKey: string
  channel: OutboxMessage['channel']
  recipient: string
  templateId: string
  payload: Record<string, unknown>
  acceptedAt: string
}

/**
 * The demo's SMS and WeChat template-message providers: they accept a message by recording it (once per
 * idempotency key, as the real ones deduplicate), in the gateway's database so that what they accepted survives a
 * crash of the gateway, as a real provider's record would. `acceptDelayMs` makes each answer arrive that much later
 * (the process waits, as a slow provider call would), which is how a test stages a crash after the provider accepted
 * and before the outbox marked the message sent.
 *
 * @example
 * const send = createEmulatedMessageProvider(ctx)
 * startScheduler(ctx, { send })
 */
export function createEmulatedMessageProvider(
  ctx: GatewayContext,
  { acceptDelayMs = 0 }: { acceptDelayMs?: number | undefined } = {},
): MessageSender {
  return (message) => {
    const { changes } = ctx.db.run(
      `INSERT OR IGNORE INTO emulated_messages (idempotency_key, channel, recipient, template_id, payload, accepted_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
      message.idempotencyKey,
      message.channel,
      message.recipient,
      message.templateId,
      JSON.stringify(message.payload),
      ctx.now(),
    )
    ctx.log(
      `${message.channel} provider (emulated) ${changes === 1 ? 'accepted' : 'already had'} ${message.idempotencyKey} ${message.templateId} to ${message.recipient}`,
    )
    // The answer on its way back: the message is the provider's already.
    if (acceptDelayMs > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, acceptDelayMs)
  }
}

/** What the emulated providers accepted, oldest first. */
export function listEmulatedMessages(ctx: GatewayContext): EmulatedMessage[] {
  return ctx.db
    .all<{
      idempotency_key: string
      channel: OutboxMessage['channel']
      recipient: string
      template_id: string
      payload: string
      accepted_at: number
    }>('SELECT * FROM emulated_messages ORDER BY accepted_at, idempotency_key')
    .map((row) => ({
      idempotencyKey: row.idempotency_key,
      channel: row.channel,
      recipient: row.recipient,
      templateId: row.template_id,
      payload: JSON.parse(row.payload) as Record<string, unknown>,
      acceptedAt: new Date(row.accepted_at).toISOString(),
    }))
}
