import {
  type AnswerOf,
  type EndpointName,
  type Endpoints,
  endpointMethod,
  endpointPath,
  type InputOf,
} from '@xdance/contract'
import type { BodyRequestOptions, GatewayClient, QueryValue } from '@xdance/http'

// The app's two ways to call the gateway, both typed from the contract's rows by the call's key (its method and
// path): `callGateway`, the call the page waits for, and `beaconGateway`, a report it does not. Nothing else in the
// app names a path of the gateway (an architecture test checks).

/** Per-call options: the router's `signal`, an action's `Idempotency-Key` header, `silent` (no toast)… */
export type CallOptions = Omit<BodyRequestOptions, 'query' | 'needCode'>

/**
 * Calls the gateway by the contract's key for the call: its method and path read from the key, its input (`params`,
 * `query`, `body`) and its answer typed from the contract's row, nothing written here by hand. The client adds the
 * prefix, credentials, Authorization, the envelope and toasts. Only the contract's root entry is loaded at run time
 * (the schemas would bring Valibot into the first screen): the types come from `import type`.
 *
 * @example
 * const item = await callGateway(client, 'GET /classes/:id', { params: { id: 7 } }, { signal })
 * const booking = await callGateway(client, 'POST /bookings', { body: { classId: 7, cardId: 3 } }, { silent: true })
 */
export function callGateway<K extends EndpointName>(
  client: GatewayClient,
  key: K,
  input: InputOf<Endpoints[K]>,
  options: CallOptions = {},
): Promise<AnswerOf<Endpoints[K]>> {
  const { params, query, body } = input as {
    params?: Record<string, string | number>
    query?: Record<string, QueryValue>
    body?: unknown
  }
  // An absent `query` or `body` is `undefined`, which the client leaves out.
  return client.request<AnswerOf<Endpoints[K]>>(endpointPath(key, params), {
    ...options,
    method: endpointMethod(key),
    query,
    body,
  })
}

/** How a beacon leaves the page: `sendBeacon` where there is one, else a `keepalive` fetch. */
export interface BeaconTransport {
  sendBeacon?: ((url: string, body: Blob) => boolean) | undefined
  fetch?: ((url: string, init: RequestInit) => Promise<unknown>) | undefined
}

/**
 * Sends a POST call of the contract whose answer the page never reads (a report), so that it leaves even as the
 * page closes: `sendBeacon` with the JSON body, or a `keepalive` fetch where the beacon is missing or refused. Says
 * whether it was handed over; never throws, never rejects.
 *
 * @example
 * beaconGateway('/dance-gateway', 'POST /client-errors', { body: { message: 'TypeError: x' } }, navigatorTransport)
 */
export function beaconGateway<K extends Extract<EndpointName, `POST ${string}`>>(
  prefix: string,
  key: K,
  input: InputOf<Endpoints[K]>,
  transport: BeaconTransport,
): boolean {
  try {
    const { params, body } = input as { params?: Record<string, string | number>; body?: unknown }
    const url = `${prefix}${endpointPath(key, params)}`
    const json = JSON.stringify(body ?? {})
    if (transport.sendBeacon?.(url, new Blob([json], { type: 'application/json' }))) return true
    if (!transport.fetch) return false
    void transport
      .fetch(url, {
        method: 'POST',
        body: json,
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
      })
      .catch(() => undefined)
    return true
  } catch {
    return false
  }
}
