import * as v from 'valibot'
import type { Endpoint, EndpointKey } from '../endpoint'
import { envelopeSchema } from './envelope'

/** What an `Idempotency-Key` is: 8 to 64 letters, digits, `-` or `_` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/

/** What the gateway answers when an `Idempotency-Key` header or a `:key` segment is not one. */
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key 必须是 8 到 64 个字母、数字、- 或 _'

/** The path parameter of `GET /actions/:key`. */
export const actionKeyParamSchema = v.object({
  key: v.pipe(v.string(IDEMPOTENCY_KEY_MESSAGE), v.regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE)),
})

/**
 * `GET /actions/:key` answer: whether the signed-in customer's action sent with this `Idempotency-Key` happened.
 * `unknown`: the gateway never got it (or it is past keeping), so sending it again is safe and does it once;
 * `pending`: it is being done now; `done`: it was answered, and `answer` is that first answer (a success or a
 * refusal), which a repeat with the same key gets too.
 */
export const actionStatusSchema = v.object({
  key: v.string(),
  state: v.picklist(['unknown', 'pending', 'done']),
  answer: v.nullable(envelopeSchema(v.unknown())),
})
/** @example const status: ActionStatus = { key: 'k-12345678', state: 'unknown', answer: null } */
export type ActionStatus = v.InferOutput<typeof actionStatusSchema>

/**
 * Whether a keyed action happened: what a client asks after a timeout before it sends the action again. One row per call, keyed by its method and path (see `Endpoint`).
 */
export const actionCalls = {
  'GET /actions/:key': { auth: 'required', params: actionKeyParamSchema, answer: actionStatusSchema },
} as const satisfies Record<EndpointKey, Endpoint>
