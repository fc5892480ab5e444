import type { Envelope } from '@xdance/contract'
import { detectMode } from '@xdance/session'
import { type FetchOptions, ofetch } from 'ofetch'
import { authorization } from './authorization'
import { DEFAULT_MESSAGES, HTTP_TIMEOUT, isSuccessCode } from './constants'
import { GatewayError, GatewayRequestError, GatewayTransportError, type TransportErrorKind } from './errors'
import { withOrgId } from './org-id'
import { isSafePath } from './safe-path'
import type { GatewayClient, GatewayClientOptions, RequestOptions } from './types'
import { clearTokensAndReload, runUnauthorizedOnce } from './unauthorized'

const transportError = (kind: TransportErrorKind, status?: number, cause?: unknown) =>
  new GatewayTransportError(`${kind} ${status ?? ''}`, { kind, timeout: kind === 'timeout', status }, cause)

const gatewayError = (code: number | string, envelope?: Envelope, unauthorized = false) => {
  const { msg, tips, data } = envelope ?? {}
  return new GatewayError(msg || tips || `Code ${code}`, { code, msg, tips, data, unauthorized })
}

/**
 * A client for the dance gateway: `baseURL + path` with credentials and the session's Authorization, the envelope
 * unwrapped, failures toasted through `notify` and rejected with a typed error, opt-in retries, unauthorised handling.
 * @example
 * const client = createGatewayClient({ baseURL: '/dance-gateway', notify: (message) => showToast(message) })
 * const courses = await client.post<Course[]>('/course/list', { page: 1 }) // orgId added in web mode
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const base = options.baseURL.replace(/\/+$/, '')
  const messages = { ...DEFAULT_MESSAGES, ...options.messages }
  const unauthorizedCodes = (options.unauthorizedCodes ?? [401]).map(String)

  async function request(path: string, request: RequestOptions = {}): Promise<unknown> {
    if (!isSafePath(path)) {
      throw new GatewayRequestError(`Bad path ${JSON.stringify(path)}`, { code: 'UNSAFE_PATH' })
    }
    const { mode = detectMode, notify } = options
    const { signal } = request
    const timeout = request.timeout ?? options.timeout ?? HTTP_TIMEOUT
    // A whole number from 0 to 2^31 - 1, or AbortSignal.timeout throws a bare TypeError or RangeError (NaN, a negative
    // or infinite value, in Node a fraction too) and Node fires a larger one at once.
    if (!(timeout >= 0 && (timeout | 0) === timeout)) {
      throw new GatewayRequestError(`Bad timeout ${timeout}`, { code: 'INVALID_TIMEOUT' })
    }
    const current = typeof mode === 'function' ? mode() : mode
    // Worked out once: the orgId and the headers survive retries unchanged.
    const body = withOrgId(request.body, current)
    const auth = authorization(current)
    const headers = new Headers(request.headers)
    if (auth) headers.set('authorization', auth)
    const init = {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      query: request.query,
      credentials: 'include',
      // Older browsers keep the Authorization header on a redirect to another origin.
      redirect: 'error',
      // Retries are ours: a fresh window per try, the caller's abort never retried. Statuses are judged here too.
      retry: 0,
      ignoreResponseError: true,
    } as FetchOptions<'json'>
    for (let tries = 0; ; tries++) {
      // A fresh timeout signal per try: ofetch 1.x hands a retry the signal its own timeout already aborted.
      const timer = AbortSignal.timeout(timeout)
      try {
        // Resolves once the body is read, so a slow body counts against the window too. The caller's signal is
        // looked at first: its abort is never taken for a timeout.
        // ofetch copies the options it is given, so one object serves every try.
        init.signal = signal ? AbortSignal.any([signal, timer]) : timer
        const response = await ofetch.raw<Envelope | undefined>(base + path, init).catch((cause) => {
          throw transportError(
            signal?.aborted ? 'abort' : timer.aborted ? 'timeout' : 'network',
            undefined,
            cause,
          )
        })
        const { status } = response
        // ofetch reads JSON (content type JSON or none; tolerant: bad JSON stays a string), text (an HTML error
        // page) or a Blob; only an object with a code is an envelope.
        const envelope = response._data
        const code = envelope?.code
        if (status === 401 || unauthorizedCodes.includes(String(code))) {
          runUnauthorizedOnce(options.onUnauthorized ?? clearTokensAndReload)
          throw gatewayError(status === 401 ? 401 : (code as number | string), envelope, true)
        }
        if (!response.ok) throw transportError('http', status)
        if (code == null) throw transportError('parse', status)
        // The contract's gateway always sends msg and tips; another one may leave them out, so the caller gets them
        // as the contract types them, '' when missing.
        if (request.needCode) return { msg: '', tips: '', ...envelope }
        if (isSuccessCode(code)) return envelope?.data
        throw gatewayError(code, envelope)
      } catch (error) {
        // Failure codes and transport errors are toasted and worth another try; the caller's abort is not, nor an
        // unauthorised answer (its handler takes over).
        const { unauthorized, kind, timeout, msg, tips } = error as Partial<
          GatewayError & GatewayTransportError
        >
        const loud = !unauthorized && kind !== 'abort'
        // Written so that a retry that is not a number (NaN) means no retry rather than retrying forever.
        if (!loud || !(tries < (request.retry ?? 0))) {
          // Only the final failure toasts.
          if (loud && notify && !request.silent) {
            notify(
              timeout ? messages.timeout : msg || tips || messages.requestError,
              timeout ? 'timeout' : 'error',
            )
          }
          throw error
        }
        await new Promise((resolve) => setTimeout(resolve, request.retryDelay ?? 1))
      }
    }
  }

  // get and delete take (path, options); post and put (path, body, options).
  const shorthand =
    (method: string, withBody?: boolean) => (path: string, first?: unknown, rest?: RequestOptions) =>
      request(path, withBody ? { ...rest, method, body: first } : { ...(first as RequestOptions), method })
  return {
    request,
    get: shorthand('GET'),
    delete: shorthand('DELETE'),
    post: shorthand('POST', true),
    put: shorthand('PUT', true),
  } as GatewayClient
}
