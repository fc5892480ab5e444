import { sValidator } from '@hono/standard-validator'
import {
  type AnswerOf,
  type DataLanguage,
  type Endpoint,
  type EndpointName,
  type Endpoints,
  endpointMethod,
} from '@xdance/contract'
import { ENDPOINTS } from '@xdance/contract/schemas'
import type { Context, MiddlewareHandler } from 'hono'
import type * as v from 'valibot'
import type { GatewayContext } from '../core/context'
import { ok } from '../core/envelope'
import { auth } from '../middleware/auth'
import { idempotent, type KeyedAction, keepAnswer } from '../middleware/idempotency'
import { refuseInvalid } from '../middleware/validate'
import type { Customer } from '../services/auth'
import { langOf } from './data-language'
import type { Api, GatewayEnv } from './gateway-env'

type Row<K extends EndpointName> = Endpoints[K]
// What a schema of the row parses to; `undefined` where the row has no such part.
type Parsed<R, Part extends string> = R extends { readonly [P in Part]: infer S extends v.GenericSchema }
  ? v.InferOutput<S>
  : undefined
type SignedInAs<A, T> = A extends 'required' ? T : A extends 'optional' ? T | null : null

/**
 * What the handler of a call is given, typed from its row: the parsed `params`, `query` and `body` (`undefined` where
 * the row has none), the customer and token by the row's `auth` (`required`: always there; `optional`: or `null`;
 * `none`: `null`, the Authorization header unread), and the language of the studio's data the request asks for.
 */
export interface CallInput<K extends EndpointName> {
  params: Parsed<Row<K>, 'params'>
  query: Parsed<Row<K>, 'query'>
  body: Row<K> extends { readonly envelope: false } ? undefined : Parsed<Row<K>, 'body'>
  customer: SignedInAs<Row<K>['auth'], Customer>
  token: SignedInAs<Row<K>['auth'], string>
  lang: DataLanguage
}

/** What the handler of a call gives back: the `data` of its answer, or for a row outside the envelope the Response. */
export type CallResult<K extends EndpointName> =
  Row<K> extends { readonly envelope: false } ? Response : AnswerOf<Row<K>>

/** The handler of one call; `c` is Hono's context, for what a row does not say (cookies, the client's address). */
export type CallHandler<K extends EndpointName> = (
  input: CallInput<K>,
  c: Context<GatewayEnv>,
) => CallResult<K> | Promise<CallResult<K>>

/**
 * The one way a contract call becomes a route: `on(key, handler)` mounts the row's method and path with what the
 * row says (the auth level; the validators of its params, query and body, refusing with 40001; `idempotent` rows
 * keyed by `Idempotency-Key`), then answers the handler's `data` in the envelope. A row with `envelope: false` (the
 * payment notification, the visit report) answers the handler's own Response, and its body is the handler's to read:
 * its sender signs the raw bytes, or sends anything at all.
 *
 * @example
 * ```ts
 * const on = endpointRoutes(api, ctx)
 * on('GET /classes/:id', ({ params, customer, lang }) => getClass(ctx, params.id, customer?.id, lang))
 * ```
 */
export function endpointRoutes(
  api: Api,
  ctx: GatewayContext,
): <K extends EndpointName>(key: K, handle: CallHandler<K>) => void {
  return (key, handle) => {
    const row: Endpoint = ENDPOINTS[key]
    const method = endpointMethod(key)
    const chain: MiddlewareHandler[] = [auth(ctx, row.auth) as MiddlewareHandler]
    if (row.params) chain.push(sValidator('param', row.params, refuseInvalid))
    if (row.query) chain.push(sValidator('query', row.query, refuseInvalid))
    if (row.body && row.envelope !== false) chain.push(sValidator('json', row.body, refuseInvalid))
    if (row.idempotent) chain.push(idempotent(ctx) as MiddlewareHandler)
    const answer: MiddlewareHandler<GatewayEnv> = async (c) => {
      const valid = (target: string) => (c.req.valid as (target: string) => unknown).call(c.req, target)
      const input = {
        params: row.params ? valid('param') : undefined,
        query: row.query ? valid('query') : undefined,
        body: row.body && row.envelope !== false ? valid('json') : undefined,
        customer: c.get('customer' as never) ?? null,
        token: c.get('token' as never) ?? null,
        lang: langOf(c),
      } as CallInput<typeof key>
      const keyed =
        row.envelope === false ? undefined : (c.get('keyedAction' as never) as KeyedAction | undefined)
      if (keyed) {
        const text = keepAnswer(ctx, keyed, () => handle(input, c))
        c.set('keyedAnswerKept' as never, true as never)
        return c.body(text, 200, { 'content-type': 'application/json' })
      }
      const result = await handle(input, c)
      return row.envelope === false ? (result as Response) : c.json(ok(result))
    }
    api.on(method, key.slice(method.length + 1), ...(chain as []), answer)
  }
}
