import type { Envelope } from '@xdance/contract'
import type { Mode } from '@xdance/session'
import type { GatewayMessages } from './constants'

// The one envelope type is the contract's; re-exported so the client's users keep importing it from here.
export type { Envelope }

/**
 * A value in `query`: arrays repeat the key, `undefined` leaves it out.
 * @example const value: QueryValue = ['a', 'b']
 */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | ReadonlyArray<string | number | boolean>

/**
 * Options of one call.
 * @example
 * const options: RequestOptions = { method: 'POST', body: { page: 1 }, retry: 2, silent: true }
 */
export interface RequestOptions {
  /** Default 'POST' when there is a body, else 'GET'. */
  method?: string | undefined
  /** Added to the URL's query string (encoded for you). */
  query?: Record<string, QueryValue> | undefined
  /** A plain object or array is sent as JSON; FormData, Blob, URLSearchParams and strings as they are. */
  body?: unknown
  headers?: HeadersInit | undefined
  /** Extra tries after a failure (transport error or failure code). Default 0; NaN counts as 0. */
  retry?: number | undefined
  /** Milliseconds to wait between tries. Default 1. */
  retryDelay?: number | undefined
  /** Resolve the whole envelope whatever its code (but unauthorised), with no toast. */
  needCode?: boolean | undefined
  /** No toast for this call, whatever happens; the promise still rejects. */
  silent?: boolean | undefined
  /** Aborting rejects with kind 'abort', without retry or toast. */
  signal?: AbortSignal | undefined
  /** Milliseconds each try may take, body included: a whole number from 0 to 2^31 - 1. Overrides the client's. */
  timeout?: number | undefined
}

/**
 * Options of the shorthands that take the body as an argument.
 * @example const options: BodyRequestOptions = { retry: 1 }
 */
export type BodyRequestOptions = Omit<RequestOptions, 'method' | 'body'>

/**
 * Options of `createGatewayClient`.
 * @example
 * const options: GatewayClientOptions = { baseURL: '/dance-gateway', notify: (message) => toast(message) }
 */
export interface GatewayClientOptions {
  /** The gateway prefix, e.g. '/dance-gateway', or an absolute URL such as 'https://api.example.com/dance-gateway'. */
  baseURL: string
  /** Client mode, or a function read on every call. Default: `detectMode()` of @xdance/session. */
  mode?: Mode | (() => Mode) | undefined
  /** Milliseconds each try may take, body included: a whole number from 0 to 2^31 - 1. Default HTTP_TIMEOUT (20000). */
  timeout?: number | undefined
  /** The toast sink. Not called for `silent` calls, `needCode` answers, aborts, unauthorised answers. */
  notify?: ((message: string, kind: 'error' | 'timeout') => void) | undefined
  /** Runs on an unauthorised answer, at most once in 10 s per tab. Default: remove the token cookies, reload. */
  onUnauthorized?: (() => void) | undefined
  /** Envelope codes meaning "session refused" (compared as strings). Default [401]. HTTP 401 always counts. */
  unauthorizedCodes?: ReadonlyArray<number | string> | undefined
  /** Toast texts. Default DEFAULT_MESSAGES (Chinese). */
  messages?: Partial<GatewayMessages> | undefined
}

/**
 * The client: `request` and its shorthands. With `needCode: true` they resolve the envelope, otherwise its `data`.
 * @example
 * const profile = await client.get<{ name: string }>('/member/profile')
 * const answer = await client.post('/order/create', { courseId: 7 }, { needCode: true }) // Envelope<unknown>
 */
export interface GatewayClient {
  request<T = unknown>(path: string, options: RequestOptions & { needCode: true }): Promise<Envelope<T>>
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>
  get<T = unknown>(path: string, options: BodyRequestOptions & { needCode: true }): Promise<Envelope<T>>
  get<T = unknown>(path: string, options?: BodyRequestOptions): Promise<T>
  delete<T = unknown>(path: string, options: BodyRequestOptions & { needCode: true }): Promise<Envelope<T>>
  delete<T = unknown>(path: string, options?: BodyRequestOptions): Promise<T>
  post<T = unknown>(
    path: string,
    body: unknown,
    options: BodyRequestOptions & { needCode: true },
  ): Promise<Envelope<T>>
  post<T = unknown>(path: string, body?: unknown, options?: BodyRequestOptions): Promise<T>
  put<T = unknown>(
    path: string,
    body: unknown,
    options: BodyRequestOptions & { needCode: true },
  ): Promise<Envelope<T>>
  put<T = unknown>(path: string, body?: unknown, options?: BodyRequestOptions): Promise<T>
}
