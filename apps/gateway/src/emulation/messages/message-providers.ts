import { maskPhone } from '@xdance/contract'
import type { GatewayContext } from '../../core/context'
import type { Messages, OutboxMessage } from '../../parties/messages/messages-port'

/** A message as the emulated SMS or WeChat template provider received it (`GET /__dev/messages`). */
export interface EmulatedMessage {
  idempotencyKey: string
  channel: OutboxMessage['channel']
  recipient: string
  templateId: string
  payload: Record<string, unknown>
  acceptedAt: string
}

/** A sign-in code as the emulated SMS provider accepted it (`GET /__dev/sms`). */
export interface EmulatedCode {
  phone: string
  code: string
  /** Epoch milliseconds. */
  sentAt: number
}

/** The emulated providers: the port, and what they accepted for a test or the dev API to read. */
export interface EmulatedMessages extends Messages {
  /** The sign-in codes accepted, oldest first (the last {@link KEPT_CODES}); only `phone`'s when given. */
  sentCodes(phone?: string): EmulatedCode[]
  /** Forgets the sign-in codes (`POST /__dev/reset`). */
  reset(): void
}

/** How many sign-in codes the emulated SMS provider remembers: enough for any test, bounded for a long demo. */
export const KEPT_CODES = 1000

/**
 * The demo's SMS and WeChat template-message providers. Outbox messages are accepted by recording them (once per
 * idempotency key, as the real ones deduplicate), in the gateway's database so that what they accepted survives a
 * crash of the gateway, as a real provider's record would. `acceptDelayMs` makes each such answer arrive that much
 * later (the process waits, as a slow provider call would), which is how a test stages a crash after the provider
 * accepted and before the outbox marked the message sent. Sign-in codes are kept in memory (a code lives five
 * minutes) and written to the log, where the person trying the demo reads them.
 *
 * @example
 * const messages = createEmulatedMessages(ctx)
 * messages.sendCode('13800138000', '123456')
 * messages.sentCodes('13800138000').at(-1)?.code // '123456'
 */
export function createEmulatedMessages(
  ctx: GatewayContext,
  { acceptDelayMs = 0 }: { acceptDelayMs?: number | undefined } = {},
): EmulatedMessages {
  let codes: EmulatedCode[] = []
  return {
    sendCode(phone, code) {
      codes.push({ phone, code, sentAt: ctx.now() })
      if (codes.length > KEPT_CODES) codes = codes.slice(-KEPT_CODES)
      ctx.log(`sms provider (emulated) accepted sign-in code ${code} for ${maskPhone(phone)}`)
    },
    send(message) {
      const { changes } = ctx.db.run(
        `INSERT INTO emulated_messages (idempotency_key, channel, recipient, template_id, payload, accepted_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
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
    },
    sentCodes: (phone) => codes.filter((sent) => phone === undefined || sent.phone === phone),
    reset() {
      codes = []
    },
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
