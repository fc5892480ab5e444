import type { FetchOptions } from 'ofetch'
import { authorization } from './authorization'
import { DEFAULT_MESSAGES, HTTP_TIMEOUT } from './constants'
import { GatewayRequestError } from './errors'
import { withOrgId } from './org-id'
import { withRetry } from './retry'
import { isSafePath } from './safe-path'
import { sendOnce } from './send-once'
import { detectMode } from './session'
import type { GatewayClient, GatewayClientOptions, RequestOptions } from './types'
import { clearTokensAndReload } from './unauthorized'

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
    const timeout = request.timeout ?? options.timeout ?? HTTP_TIMEOUT
    // A whole number from 0 to 2^31 - 1: setTimeout takes NaN, a negative or infinite value for 0 and fires a larger
    // one at once, so each would be a timeout that never waited.
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
    // Only the final failure toasts.
    return withRetry(
      () =>
        sendOnce(
          base + path,
          init,
          timeout,
          request,
          unauthorizedCodes,
          options.onUnauthorized ?? clearTokensAndReload,
        ),
      request.retry,
      request.retryDelay,
      ({ timeout, msg, tips }) => {
        if (notify && !request.silent) {
          notify(
            timeout ? messages.timeout : msg || tips || messages.requestError,
            timeout ? 'timeout' : 'error',
          )
        }
      },
    )
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
