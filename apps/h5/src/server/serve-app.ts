import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { type AppServerOptions, createAppServer } from './app-server'

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
 * The gateway could not be reached at all (nothing listens: down, restarting). The app's server answers 502.
 */
export class GatewayUnreachable extends Error {
  override readonly name = 'GatewayUnreachable'
}

/**
 * The gateway hung up before answering. The app's server hangs up on the client too, as if the client had talked to
 * the gateway directly (a dev server's choice; nginx answers 502): a dropped connection reaches the page as one.
 */
export class GatewayHungUp extends Error {
  override readonly name = 'GatewayHungUp'
}

/**
 * Forwards a request to the gateway at `origin`, as a reverse proxy does: same method, path, query, headers and
 * body; redirects passed back, not followed; the client's address appended to `X-Forwarded-For`, the host and
 * scheme it reached said in `X-Forwarded-Host` and `X-Forwarded-Proto` (a gateway behind a trusted proxy reads
 * them: its JS-SDK signs the pages of the origin the visitor sees). Throws {@link GatewayUnreachable} or
 * {@link GatewayHungUp} when no answer came.
 *
 * @example
 * const toGateway = gatewayForwarder('http://127.0.0.1:8081')
 * await toGateway(new Request('http://127.0.0.1:8080/dance-gateway/org'))
 */
export function gatewayForwarder(origin: string, clientAddress?: (request: Request) => string | undefined) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const headers = new Headers(request.headers)
    headers.set('x-forwarded-host', request.headers.get('host') ?? url.host)
    headers.set('x-forwarded-proto', url.protocol.slice(0, -1))
    headers.delete('host')
    // Node's fetch would inflate a compressed answer and keep its content-encoding: ask for it plain.
    headers.delete('accept-encoding')
    const address = clientAddress?.(request)
    if (address) {
      const before = headers.get('x-forwarded-for')
      headers.set('x-forwarded-for', before ? `${before}, ${address}` : address)
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    let answer: Response
    try {
      answer = await fetch(new URL(`${url.pathname}${url.search}`, origin), {
        method: request.method,
        headers,
        redirect: 'manual',
        ...(hasBody ? { body: await request.arrayBuffer() } : {}),
      })
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } }).cause?.code
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH')
        throw new GatewayUnreachable(`the gateway at ${origin} cannot be reached (${String(code)})`, {
          cause: error,
        })
      throw new GatewayHungUp(`the gateway at ${origin} hung up (${String(code ?? error)})`, { cause: error })
    }
    const out = new Headers(answer.headers)
    out.delete('content-encoding')
    out.delete('content-length')
    out.delete('transfer-encoding')
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out })
  }
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
