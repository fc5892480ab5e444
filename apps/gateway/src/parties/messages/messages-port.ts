// The port of the SMS and WeChat template-message providers: what the real code hands them. The real
// implementation is beside this file (`log-messages.ts`); the emulation's mirrors it in `emulation/messages/`.
import type { DevOutbox } from '@xdance/contract'

/** A message of the outbox as its provider gets it. */
export type OutboxMessage = Pick<
  DevOutbox,
  'id' | 'noticeId' | 'kind' | 'channel' | 'recipient' | 'templateId'
> & {
  payload: Record<string, unknown>
  /** The same for every try of this message: a provider that saw it already accepts it again and sends nothing. */
  idempotencyKey: string
}

/**
 * The providers of outgoing messages: the sign-in code by SMS, and the outbox's notices by SMS or as WeChat template
 * messages. Each call returns once the provider accepted the message and throws when it did not. They are
 * synchronous, as the outbox's delivery is (one run of the scheduler is one synchronous pass); a provider reached
 * over the network would make both asynchronous together.
 *
 * @example
 * ```ts
 * messages.sendCode('13800138000', '123456') // the customer's phone gets the code
 * deliverOutbox(ctx, messages.send) // each pending notice goes to its provider
 * ```
 */
export interface Messages {
  /** Sends a one-time sign-in code to `phone` by SMS. */
  sendCode(phone: string, code: string): void
  /** Sends one outbox message (marked sent by the outbox only once this returns). */
  send(message: OutboxMessage): void
}
