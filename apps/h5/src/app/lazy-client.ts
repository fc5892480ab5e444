import type { GatewayClient, RequestOptions } from '@xdance/http'
import { GatewayTransportError } from '@xdance/http/errors'

/** A gateway client whose code loads when first needed, or earlier with `load()`. */
export interface LazyGatewayClient extends GatewayClient {
  /** Starts loading the client (once; again after a failed load) and resolves when it is ready. */
  load(): Promise<GatewayClient>
}

type Method = 'get' | 'delete' | 'post' | 'put' | 'request'

/**
 * A {@link GatewayClient} that loads the real one (`@xdance/http` and ofetch, about 4 KB gzipped) with `create` on the
 * first call or on `load()`, so they stay off the first screen's critical path: a server-rendered page hydrates with
 * its data and needs no client until the customer acts. Every call waits for the same client. A load that fails (the
 * chunk cannot be fetched: offline) rejects that call as the client rejects a call that could not reach the gateway,
 * a `GatewayTransportError` of kind `network` (with the load's error as `cause`), after `notify` unless the call is
 * `silent`; the next call tries to load again.
 *
 * @example
 * const client = lazyGatewayClient(() => import('@xdance/http').then((m) => m.createGatewayClient({ baseURL })))
 * void client.load() // at start-up, beside the page's own chunks
 */
export function lazyGatewayClient(
  create: () => Promise<GatewayClient>,
  notify?: (message: string, kind: 'error') => void,
  failedMessage = '',
): LazyGatewayClient {
  let loading: Promise<GatewayClient> | undefined
  const load = () => {
    loading ??= create().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
  const call =
    (method: Method) =>
    (...args: unknown[]): Promise<never> =>
      load().then(
        // biome-ignore lint/suspicious/noExplicitAny: one forwarder for five overloaded methods
        (client) => (client[method] as (...args: any[]) => Promise<never>)(...args),
        (error: unknown) => {
          const options = args[method === 'post' || method === 'put' ? 2 : 1] as RequestOptions | undefined
          if (!options?.silent) notify?.(failedMessage, 'error')
          throw new GatewayTransportError(
            'network client not loaded',
            { kind: 'network', timeout: false },
            error,
          )
        },
      )
  return {
    load,
    request: call('request'),
    get: call('get'),
    delete: call('delete'),
    post: call('post'),
    put: call('put'),
  } as LazyGatewayClient
}
