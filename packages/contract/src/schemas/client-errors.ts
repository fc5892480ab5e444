import * as v from 'valibot'
import { CLIENT_ERROR_LIMITS } from '../spec-constants'
import { BODY_MESSAGE, id, instant } from './fields'

const text = (field: keyof typeof CLIENT_ERROR_LIMITS, required: boolean) => {
  const max = CLIENT_ERROR_LIMITS[field]
  const message = `${field} 必须是不超过 ${max} 个字符的字符串`
  const schema = v.pipe(v.string(message), v.maxLength(max, message))
  return required ? v.pipe(schema, v.minLength(1, `${field} 不能为空`)) : v.optional(schema, '')
}

/**
 * The body of `POST /client-errors`: an exception in the app's own code (not a network failure, not a refusal),
 * reported so the studio hears of it. `kind` says where it was caught.
 */
export const clientErrorSchema = v.object(
  {
    message: text('message', true),
    stack: text('stack', false),
    route: text('route', false),
    userAgent: text('userAgent', false),
    kind: v.optional(
      v.picklist(['render', 'unhandled', 'rejection'], 'kind 必须是 render、unhandled 或 rejection'),
      'render',
    ),
  },
  BODY_MESSAGE,
)

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
