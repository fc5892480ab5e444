import { IDEMPOTENCY_KEY_HEADER, isSuccessCode } from '@xdance/contract'
import type { GatewayClient } from '@xdance/http'
import { callGateway } from '../api/gateway-call'
import { type GatewayFailure, settle } from './gateway-failure'

/** The form field carrying the key of one intent (a hidden input of the form; the same on every retry). */
export const ACTION_KEY_FIELD = 'actionKey'

/**
 * A fresh idempotency key: 32 hex digits from the platform's random source (`crypto.getRandomValues`, which every
 * engine of the support floor has; `randomUUID` is newer than Chromium 87).
 *
 * @example
 * const [key, setKey] = useState(newActionKey)
 */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The per-call options of a keyed action: its `Idempotency-Key` header, and no toast (the page speaks). */
export interface KeyedCallOptions {
  headers: Record<string, string>
  silent: true
}

/**
 * A failed keyed action, with what the gateway said when asked afterwards: `not-done` (it never got it: retry is
 * offered), `unknown` (it could not be asked, or it is still being done: a retry is safe, it is never done twice).
 */
export type KeyedFailure = GatewayFailure & { checked?: 'not-done' | 'unknown'; msg?: string }

/**
 * Runs one customer intent (book, cancel, join or leave a waitlist, order) with its idempotency key. After a timeout
 * or a lost connection the gateway is asked (`GET /actions/:key`) whether it happened: if it did, its first answer
 * is the result (a booking that went through is a booking, not "try again"); if not, the failure says so and a
 * retry with the same key is safe. Refusals carry the gateway's `msg` for the page to show.
 *
 * @example
 * const result = await keyedAction(client, key, (o) => callGateway(client, 'POST /bookings', { body: { classId } }, o))
 */
export async function keyedAction<T>(
  client: GatewayClient,
  key: string,
  call: (options: KeyedCallOptions) => Promise<T>,
): Promise<{ ok: true; value: T } | KeyedFailure> {
  const result = await settle(() => call({ headers: { [IDEMPOTENCY_KEY_HEADER]: key }, silent: true }))
  if (result.ok) return result
  if (result.kind === 'refused' || result.kind === 'offline') return result
  // Timeout, a reset, the gateway failing: the action may have happened. Ask before offering a retry.
  const status = await settle(() =>
    callGateway(client, 'GET /actions/:key', { params: { key } }, { silent: true }),
  )
  if (!status.ok) return { ...result, checked: 'unknown' }
  const { state, answer } = status.value
  if (state === 'done' && answer) {
    // The gateway's first answer to this very call, kept as it was sent: the call's own answer type.
    if (isSuccessCode(answer.code)) return { ok: true, value: answer.data as T }
    return { ok: false, code: String(answer.code), kind: 'refused', msg: answer.msg || answer.tips }
  }
  return { ...result, checked: state === 'unknown' ? 'not-done' : 'unknown' }
}
