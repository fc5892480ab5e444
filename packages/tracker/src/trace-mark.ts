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
