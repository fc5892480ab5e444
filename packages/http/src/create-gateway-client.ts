import type { Envelope } from '@xdance/contract'
import { type FetchOptions, type FetchResponse, ofetch } from 'ofetch'
import { authorization } from './authorization'
import { DEFAULT_MESSAGES, HTTP_TIMEOUT } from './constants'
import type { GatewayError, GatewayTransportError } from './errors'
import { refused, transportError } from './errors'
import { withOrgId } from './org-id'
import { readEnvelope } from './read-envelope'
import { isSafePath } from './safe-path'
import { session } from './session'
import type { GatewayClient, GatewayClientOptions, RequestOptions } from './types'
import { clearTokensAndReload } from './unauthorized'

// What the retry loop and the toast read of a failure: the fields of GatewayError and GatewayTransportError.
type Failure = Partial<
  Pick<GatewayError, 'unauthorized' | 'msg' | 'tips'> & Pick<GatewayTransportError, 'kind' | 'timeout'>
>

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

  // One async function per call with the retry loop inline: a call that succeeds at once pays for no closure and no
  // second promise chain. Only the final failure toasts.
  async function request(path: string, request: RequestOptions = {}): Promise<unknown> {
    if (!isSafePath(path)) {
      throw refused('UNSAFE_PATH', path)
    }
    const { mode = session.detectMode, notify } = options
    const timeout = request.timeout ?? options.timeout ?? HTTP_TIMEOUT
    // A whole number from 0 to 2^31 - 1: setTimeout takes NaN, a negative or infinite value for 0 and fires a larger
    // one at once, so each would be a timeout that never waited.
    if (!(timeout >= 0 && (timeout | 0) === timeout)) {
      throw refused('INVALID_TIMEOUT', timeout)
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
    const { signal } = request
    for (let tries = 0; ; tries++) {
      try {
        // The try's own window: a fresh signal (ofetch 1.x hands a retry the signal its own timeout already aborted),
        // aborted when the time runs out or the caller's signal aborts. Made of AbortController and setTimeout:
        // AbortSignal.timeout (Safari 16, Chromium 103) and AbortSignal.any (Safari 17.4, Chromium 116) are above the
        // support floor (iOS 15, Chromium 87).
        const controller = new AbortController()
        const own = controller.signal
        const abort = () => controller.abort()
        const timer = setTimeout(abort, timeout)
        signal?.addEventListener('abort', abort)
        if (signal?.aborted) abort()
        // ofetch copies the options it is given, so one object serves every try.
        init.signal = own
        let response: FetchResponse<Envelope | undefined>
        try {
          // Resolves once the body is read, so a slow body counts against the window too.
          response = await ofetch.raw<Envelope | undefined>(base + path, init)
        } catch (cause) {
          // The caller's signal is looked at first: its abort is never taken for a timeout.
          throw transportError(
            signal?.aborted ? 'abort' : own.aborted ? 'timeout' : 'network',
            undefined,
            cause,
          )
        } finally {
          // The timer and the listener go with the try: a caller's signal shared by many calls collects nothing.
          clearTimeout(timer)
          signal?.removeEventListener('abort', abort)
        }
        return readEnvelope(
          response,
          request.needCode,
          unauthorizedCodes,
          options.onUnauthorized ?? clearTokensAndReload,
        )
        // biome-ignore lint/suspicious/noExplicitAny: read as a Failure (the package's errors); a typed alias would cost bytes
      } catch (failure: any) {
        // Worth another try and, as the last one, a toast: a failure code or a transport error. Not the caller's
        // abort, nor a refused session (its handler takes over).
        const worth = !(failure as Failure).unauthorized && (failure as Failure).kind !== 'abort'
        // Written so that a retry that is not a number (NaN) means no retry rather than retrying forever.
        if (!(worth && tries < (request.retry as number))) {
          if (worth && notify && !request.silent) {
            notify(
              failure.timeout ? messages.timeout : failure.msg || failure.tips || messages.requestError,
              failure.timeout ? 'timeout' : 'error',
            )
          }
          throw failure
        }
        await new Promise((resolve) => setTimeout(resolve, request.retryDelay ?? 1))
      }
    }
  }

  // get and delete take (path, options); post and put (path, body, options). Written out: shorter once gzipped than
  // a factory of the four, and no closure to read on a call.
  return {
    request,
    get: (path: string, rest?: RequestOptions) => request(path, { ...rest, method: 'GET' }),
    delete: (path: string, rest?: RequestOptions) => request(path, { ...rest, method: 'DELETE' }),
    post: (path: string, body?: unknown, rest?: RequestOptions) =>
      request(path, { ...rest, method: 'POST', body }),
    put: (path: string, body?: unknown, rest?: RequestOptions) =>
      request(path, { ...rest, method: 'PUT', body }),
  } as GatewayClient
}
