import { createHash } from 'node:crypto'
import { ERROR_CODE, IDEMPOTENCY_KEY_HEADER } from '@xdance/contract'
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN } from '@xdance/contract/schemas'
import type { MiddlewareHandler } from 'hono'
import type { GatewayContext } from '../core/context'
import { ok } from '../core/envelope'
import { Refusal } from '../core/gateway-server-error'
import { abandonAction, beginAction, finishAction } from '../services/idempotency'
import type { SignedIn } from './auth'

/** A keyed action the route is to do (the middleware claimed its key): whose, and the key. */
export interface KeyedAction {
  customerId: number
  key: string
}

/**
 * Does a claimed keyed action's work (`work`, the route's handler, synchronous) and keeps its answer in the same
 * transaction: the booking and the answer a retry gets are committed together, or neither is. An instance killed
 * before the commit leaves a claim with nothing done, which a retry takes over (`beginAction`). Answers the JSON text.
 *
 * @example
 * const text = keepAnswer(ctx, keyed, () => bookClass(ctx, customer, body, lang))
 */
export function keepAnswer(ctx: GatewayContext, keyed: KeyedAction, work: () => unknown): string {
  return ctx.db.transaction(() => {
    const data = work()
    if (data instanceof Promise) {
      throw new TypeError(
        'A keyed action must be synchronous: its work and its answer are kept in one transaction.',
      )
    }
    const text = JSON.stringify(ok(data))
    finishAction(ctx, keyed.customerId, keyed.key, 200, text)
    return text
  })
}

/** The header on an answer that repeats a keyed action's first answer instead of doing it again. */
export const REPLAYED_HEADER = 'idempotent-replayed'

// Refusals that say the gateway, not the request, failed: not kept, so a retry with the key does the action.
const TRANSIENT_CODES = new Set<string>([String(ERROR_CODE.INTERNAL), String(ERROR_CODE.BUSY)])

/**
 * Makes a signed-in customer's action safe to send again (after the auth middleware and the validators): with an
 * `Idempotency-Key` header, the first request with that key is done and its answer kept (24 h); a repeat gets that
 * answer again (`Idempotent-Replayed: true`) without doing anything; a repeat while the first is still being done
 * is refused with 40931; the key sent with another request (method, path or body) is refused with 42201 (both
 * HTTP 200, like every refusal of a request that reached the gateway). Without the header the action is done as before. A failure of the gateway itself (50001, 50301, a
 * 5xx) is not kept.
 */
export function idempotent(ctx: GatewayContext): MiddlewareHandler<SignedIn> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
    if (key === undefined) return next()
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new Refusal('VALIDATION', {
        msg: IDEMPOTENCY_KEY_MESSAGE,
        data: { field: IDEMPOTENCY_KEY_HEADER },
      })
    }
    const customerId = c.get('customer').id
    // The body as sent (the JSON body middleware read and cached it): a retry sends the same bytes.
    const body = c.req.method === 'POST' ? await c.req.text() : ''
    const hash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex')
    const start = beginAction(ctx, customerId, key, hash)
    if (start.kind === 'mismatch') throw new Refusal('IDEMPOTENCY_KEY_REUSED')
    if (start.kind === 'pending') throw new Refusal('IDEMPOTENCY_IN_PROGRESS')
    if (start.kind === 'replay') {
      return c.body(start.answer, start.httpStatus as 200, {
        'content-type': 'application/json',
        [REPLAYED_HEADER]: 'true',
      })
    }
    // The route does the action and keeps its answer in one transaction (keepAnswer), and says so.
    c.set('keyedAction' as never, { customerId, key } satisfies KeyedAction as never)
    try {
      await next()
    } catch (error) {
      abandonAction(ctx, customerId, key)
      throw error
    }
    if (c.get('keyedAnswerKept' as never)) return
    const answer = await c.res.clone().text()
    let code: string | undefined
    try {
      code = String((JSON.parse(answer) as { code?: unknown }).code)
    } catch {
      code = undefined
    }
    if (c.res.status >= 500 || code === undefined || TRANSIENT_CODES.has(code)) {
      abandonAction(ctx, customerId, key)
      return
    }
    finishAction(ctx, customerId, key, c.res.status, answer)
  }
}
