// What one call of the gateway is, and what a client needs to make one from its key: the key names the method and
// the path, so a client calls by key with no table at run time (the rows, with their schemas, are in `./schemas`).
import type * as v from 'valibot'

/**
 * The key of a call: its method and its path under the prefix, `:name` marking a path parameter. It is the call's
 * name everywhere: the contract's row, the gateway's route, a client's call.
 *
 * @example
 * ```ts
 * const key: EndpointKey = 'GET /classes/:id'
 * ```
 */
export type EndpointKey = `${'GET' | 'POST'} /${string}`

/**
 * One row of the contract: who may call (`auth`: `required` answers 401 without a valid token, `optional` reads one
 * when present, `none` ignores it), the schemas of its path parameters, query and JSON body where it has them, and
 * the schema of the `data` of its answer. Its method and path are its key.
 *
 * @example
 * ```ts
 * const row = { auth: 'none', answer: orgSchema } satisfies Endpoint
 * ```
 */
export interface Endpoint {
  readonly auth: 'none' | 'optional' | 'required'
  readonly params?: v.GenericSchema<Record<string, string>, Record<string, unknown>>
  readonly query?: v.GenericSchema<Record<string, string | undefined>, Record<string, unknown>>
  readonly body?: v.GenericSchema
  readonly answer: v.GenericSchema
  /**
   * An action a client may send again after a timeout: with an `Idempotency-Key` header, a repeat gets the first
   * answer and is not done twice (`IDEMPOTENCY_KEY_HEADER`).
   */
  readonly idempotent?: true
  /**
   * `false` for a call answered in someone else's format, not the envelope: the payment notification (WeChat Pay's
   * answer; its body is read raw, since the signature covers the bytes) and the visit report (a pixel or a beacon).
   * `answer` is then the schema of the whole body, if it has one.
   */
  readonly envelope?: false
}

/**
 * The method of a call, from its key.
 *
 * @example
 * ```ts
 * endpointMethod('POST /bookings') // 'POST'
 * ```
 */
export function endpointMethod(key: EndpointKey): 'GET' | 'POST' {
  return key.startsWith('GET ') ? 'GET' : 'POST'
}

/**
 * The path of a call, from its key, with its `:name` segments filled in (each value percent-encoded).
 *
 * @example
 * ```ts
 * endpointPath('POST /bookings/:id/cancel', { id: 5 }) // '/bookings/5/cancel'
 * ```
 */
export function endpointPath(
  key: EndpointKey,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const path = key.slice(key.indexOf(' ') + 1)
  return path.replace(/:(\w+)/g, (_segment, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`endpointPath: no value for :${name} in ${key}`)
    return encodeURIComponent(String(value))
  })
}

/**
 * The type of the `data` a call answers.
 *
 * @example
 * ```ts
 * const item: AnswerOf<Endpoints['GET /classes/:id']> = await callGateway(client, 'GET /classes/:id', { params })
 * ```
 */
export type AnswerOf<E extends Endpoint> = v.InferOutput<E['answer']>

/**
 * The type of the JSON body a call takes, as a client writes it.
 *
 * @example
 * ```ts
 * const body: BodyOf<Endpoints['POST /bookings']> = { classId: 7 }
 * ```
 */
export type BodyOf<E extends Endpoint> = E['body'] extends v.GenericSchema ? v.InferInput<E['body']> : never

// A path or query value as a client gives it: the text the URL carries, or a number written as text.
type AsGiven<T> = { [K in keyof T]: T[K] | number }

/**
 * The path parameters of a call as a client gives them (`{ id: 7 }` for `/classes/:id`).
 *
 * @example
 * ```ts
 * const params: ParamsOf<Endpoints['GET /classes/:id']> = { id: 7 }
 * ```
 */
export type ParamsOf<E extends Endpoint> = E['params'] extends v.GenericSchema
  ? AsGiven<v.InferInput<E['params']>>
  : never

/**
 * The query a call takes, as a client gives it.
 *
 * @example
 * ```ts
 * const query: QueryOf<Endpoints['GET /articles']> = { page: 1, pageSize: 3 }
 * ```
 */
export type QueryOf<E extends Endpoint> = E['query'] extends v.GenericSchema
  ? AsGiven<v.InferInput<E['query']>>
  : never

/**
 * Everything a client gives to make a call, and nothing else: `params` where the path has parameters, `query` where
 * the call reads one, `body` where it takes one.
 *
 * @example
 * ```ts
 * const input: InputOf<Endpoints['POST /bookings']> = { body: { classId: 7, cardId: 3 } }
 * const none: InputOf<Endpoints['GET /org']> = {}
 * ```
 */
export type InputOf<E extends Endpoint> = ([ParamsOf<E>] extends [never]
  ? { params?: never }
  : { params: ParamsOf<E> }) &
  ([QueryOf<E>] extends [never] ? { query?: never } : { query?: QueryOf<E> }) &
  ([BodyOf<E>] extends [never] ? { body?: never } : { body: BodyOf<E> })
