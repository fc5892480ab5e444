import {
  type AnswerOf,
  API_METHODS,
  API_PATHS,
  type EndpointName,
  type Endpoints,
  endpointPath,
  type InputOf,
} from '@xdance/contract'
import type { BodyRequestOptions, GatewayClient, QueryValue } from '@xdance/http'

/** Per-call options: the router's `signal`, an action's `Idempotency-Key` header, `silent` (no toast)… */
export type CallOptions = Omit<BodyRequestOptions, 'query' | 'needCode'>

/**
 * Calls the gateway by the contract's name for the call: its method and path from the contract's tables, its input
 * (`params`, `query`, `body`) and its answer typed from the contract's endpoint table, nothing written here by hand.
 * The client adds the prefix, credentials, Authorization, the envelope and toasts. Only the contract's root entry is
 * loaded at run time (the schemas would bring Valibot into the first screen): the types come from `import type`.
 *
 * @example
 * const item = await callGateway(client, 'getClass', { params: { id: 7 } }, { signal })
 * const booking = await callGateway(client, 'bookClass', { body: { classId: 7, cardId: 3 } }, { silent: true })
 */
export function callGateway<N extends EndpointName>(
  client: GatewayClient,
  name: N,
  input: InputOf<Endpoints[N]>,
  options: CallOptions = {},
): Promise<AnswerOf<Endpoints[N]>> {
  const { params, query, body } = input as {
    params?: Record<string, string | number>
    query?: Record<string, QueryValue>
    body?: unknown
  }
  // An absent `query` or `body` is `undefined`, which the client leaves out.
  return client.request<AnswerOf<Endpoints[N]>>(endpointPath(API_PATHS[name], params), {
    ...options,
    method: API_METHODS[name],
    query,
    body,
  })
}
