import * as v from 'valibot'
import type { Endpoint, EndpointKey } from '../endpoint'
import { CLIENT_ERROR_LIMITS } from '../spec-constants'
import { BODY_MESSAGE, id, instant } from './fields'

const text = (field: keyof typeof CLIENT_ERROR_LIMITS) => {
  const max = CLIENT_ERROR_LIMITS[field]
  const message = `${field} 必须是不超过 ${max} 个字符的字符串`
  return v.pipe(v.string(message), v.maxLength(max, message))
}
// Two helpers, not one with a flag: a flag would type every field as either, and make the optional ones required.
const optionalText = (field: keyof typeof CLIENT_ERROR_LIMITS) => v.optional(text(field), '')

/**
 * The body of `POST /client-errors`: an exception in the app's own code (not a network failure, not a refusal),
 * reported so the studio hears of it. `kind` says where it was caught.
 */
export const clientErrorSchema = v.object(
  {
    message: v.pipe(text('message'), v.minLength(1, 'message 不能为空')),
    stack: optionalText('stack'),
    route: optionalText('route'),
    userAgent: optionalText('userAgent'),
    kind: v.optional(
      v.picklist(['render', 'unhandled', 'rejection'], 'kind 必须是 render、unhandled 或 rejection'),
      'render',
    ),
  },
  BODY_MESSAGE,
)
/** @example const report: ClientErrorReport = { message: 'x is undefined', route: '/schedule' } */
export type ClientErrorReport = v.InferInput<typeof clientErrorSchema>

/** `POST /client-errors` answer: whether the report was kept (`false` over the per-address limit). */
export const clientErrorResultSchema = v.object({ kept: v.boolean() })

/** `GET /__dev/client-errors` item: a client error as received. */
export const devClientErrorSchema = v.object({
  id,
  message: v.string(),
  stack: v.string(),
  route: v.string(),
  userAgent: v.string(),
  kind: v.string(),
  hasAuthorization: v.boolean(),
  receivedAt: instant,
})
/** @example const errors: DevClientError[] = await (await fetch(`${api}/__dev/client-errors`)).json() */
export type DevClientError = v.InferOutput<typeof devClientErrorSchema>

/**
 * The app's own exceptions, reported so the studio hears of them. One row per call, keyed by its method and path (see `Endpoint`).
 */
export const clientErrorCalls = {
  'POST /client-errors': { auth: 'optional', body: clientErrorSchema, answer: clientErrorResultSchema },
} as const satisfies Record<EndpointKey, Endpoint>
