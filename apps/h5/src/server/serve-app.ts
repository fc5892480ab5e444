import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { type AppServerOptions, createAppServer } from './app-server'
import { GatewayHungUp, GatewayUnreachable, gatewayForwarder } from './forward-gateway'

export { GatewayHungUp, GatewayUnreachable, gatewayForwarder } from './forward-gateway'
// The bench and the README quote how stale a shared page can be.
export { PAGE_CACHE_TTL_MS } from './page-cache'

/** Options of {@link serveApp}: those of the app server, with the gateway as an origin to forward to. */
export interface ServeAppOptions extends Omit<AppServerOptions, 'gateway'> {
  /** The gateway's internal origin, e.g. `http://127.0.0.1:8081`: the API and the emulated parties' paths go there. */
  gatewayOrigin: string
  /** TCP port; `0` picks a free one. Default 8080. */
  port?: number
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string
  /** Where failures are said. Default `console.error`. */
  log?: (line: string) => void
}

/**
 * Starts the app's Node server: the front on one origin, pages and assets answered here, the gateway's paths
 * forwarded to it (in production nginx does the forwarding instead; see the root README).
 *
 * @example
 * const app = await serveApp({ dist: 'apps/h5/dist', gatewayOrigin: 'http://127.0.0.1:8081', port: 8080 })
 * console.log(app.url) // http://127.0.0.1:8080
 * await app.close()
 */
export async function serveApp(
  options: ServeAppOptions,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const app = createAppServer({ ...options, gateway: gatewayForwarder(options.gatewayOrigin) })
  const log = options.log ?? console.error
  const server = createServer(
    getRequestListener((request, { incoming }) =>
      app.fetch(request).catch((error: unknown) => {
        if (error instanceof GatewayHungUp) {
          incoming.socket.destroy()
          return new Response(null, { status: 502 })
        }
        log(`app server: ${request.method} ${new URL(request.url).pathname}: ${String(error)}`)
        return new Response(
          error instanceof GatewayUnreachable
            ? 'Bad Gateway: the gateway cannot be reached.'
            : 'Internal Server Error',
          {
            status: error instanceof GatewayUnreachable ? 502 : 500,
            headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
          },
        )
      }),
    ),
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
