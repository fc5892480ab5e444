import { TRACE_MARK_PATH } from './constants'
import { getAnonymousId, getOpenId, getUserId } from './session'

/**
 * The body of a trace mark (spec section 7).
 * @example
 * const mark: TraceMark = { deviceId: 'anon-1', endpoint: 'h5', extra: '', openId: '', path: '/', traceType: 'page', url: location.href, userId: '' }
 */
export interface TraceMark {
  /** The anonymous id. */
  deviceId: string
  endpoint: 'h5'
  /** JSON of what the page passed to `trace`, or `''`. */
  extra: string
  openId: string
  path: string
  traceType: 'page'
  url: string
  userId: string
}

/**
 * The slice of a gateway client the tracker needs: `@xdance/http`'s `GatewayClient` fits, and so does
 * any object with this `request` method. Trace marks are sent with `needCode: true` and `silent: true`
 * (read the raw envelope, never show a toast).
 * @example
 * const client: TraceClient = createGatewayClient({ baseURL: '/dance-gateway' })
 */
export interface TraceClient {
  request(
    path: string,
    options: { method: 'POST'; body: TraceMark; needCode: true; silent: true },
  ): Promise<unknown>
}

/**
 * Posts a page trace mark of `path` through `client` (spec section 7): the identifiers, and `extra` as JSON.
 * Rejects with the client's error, or a TypeError when `extra` cannot be JSON.
 * @example
 * await sendTraceMark(client, '/courses/7', location.href, { courseId: 7 })
 */
export async function sendTraceMark(
  client: TraceClient,
  path: string,
  url: string,
  extra?: unknown,
): Promise<void> {
  await client.request(TRACE_MARK_PATH, {
    method: 'POST',
    body: {
      deviceId: getAnonymousId(),
      endpoint: 'h5',
      extra: JSON.stringify(extra) ?? '',
      openId: getOpenId() ?? '',
      path,
      traceType: 'page',
      url,
      userId: getUserId() ?? '',
    },
    needCode: true,
    silent: true,
  })
}
