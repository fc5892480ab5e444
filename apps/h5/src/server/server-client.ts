import { type Envelope, isSuccessCode } from '@xdance/contract'
import type { GatewayClient, RequestOptions } from '@xdance/http'

/** How the server reaches the gateway: a `fetch` of a Request (the gateway's own, in process, or a real one). */
export type GatewayFetch = (request: Request) => Promise<Response>

/**
 * The gateway client of a page rendered on the server. Loaders only read, so it only sends GETs; anything else,
 * any failure and any answer that is not a success envelope rejects, and the page is left to the browser (which
 * calls again with its own client, toasts and error page). No cookies, no Authorization: only a signed-out visitor's
 * page is rendered on the server.
 *
 * @example
 * const client = serverClient((request) => gateway.fetch(request), 'http://gateway.internal/dance-gateway')
 * await client.get('/org') // { id: 1, name: '…' }
 */
export function serverClient(fetch: GatewayFetch, baseURL: string): GatewayClient {
  async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
    const method = (options.method ?? 'GET').toUpperCase()
    if (method !== 'GET') throw new TypeError(`server rendering only reads: ${method} ${path}`)
    const url = new URL(`${baseURL}${path}`)
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.append(key, String(value))
    }
    // The caller's headers (the language asked for) with the JSON the server reads.
    const headers = new Headers(options.headers)
    headers.set('accept', 'application/json')
    const init: RequestInit = { headers }
    if (options.signal) init.signal = options.signal
    const response = await fetch(new Request(url, init))
    if (!response.ok) throw new Error(`gateway answered HTTP ${response.status} to GET ${path}`)
    const envelope = (await response.json()) as Envelope<unknown>
    if (!isSuccessCode(envelope.code))
      throw new Error(`gateway answered code ${envelope.code} to GET ${path}`)
    return options.needCode ? envelope : envelope.data
  }
  const client = {
    request,
    get: (path: string, options?: RequestOptions) => request(path, { ...options, method: 'GET' }),
    delete: (path: string, options?: RequestOptions) => request(path, { ...options, method: 'DELETE' }),
    post: (path: string, body?: unknown, options?: RequestOptions) =>
      request(path, { ...options, method: 'POST', body }),
    put: (path: string, body?: unknown, options?: RequestOptions) =>
      request(path, { ...options, method: 'PUT', body }),
  }
  return client as GatewayClient
}
