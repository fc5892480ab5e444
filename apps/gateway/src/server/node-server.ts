import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { GatewayServerError } from '../core/gateway-server-error'

/** What {@link createNodeServer} serves and how it stops. */
export interface NodeServerOptions {
  /** The app's fetch handler. */
  fetch: Parameters<typeof getRequestListener>[0]
  port: number
  host: string
  /** How long `drain()` waits for in-flight requests before cutting them off. */
  graceMs: number
  /** Aborted when the grace period runs out (the app cuts its own waits short on it). */
  grace: AbortController
}

/** A Node HTTP server around the app: listening on a socket, and drained gracefully on close. */
export interface NodeServer {
  /** Resolves with the bound address and port once listening. */
  listen(): Promise<AddressInfo>
  /** Stops accepting connections, lets in-flight requests finish (up to the grace period), then closes. */
  drain(): Promise<void>
  /** True once `drain()` began: answers then carry `connection: close`. */
  readonly draining: boolean
}

/**
 * Serves the app with `node:http` (through `@hono/node-server`'s request listener), tracking in-flight responses
 * so that a shutdown can wait for them.
 */
export function createNodeServer(options: NodeServerOptions): NodeServer {
  const inFlight = new Set<ServerResponse>()
  let drainWaiters: Array<() => void> = []
  let draining = false
  const drained = () =>
    inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => drainWaiters.push(resolve))

  // The gateway often runs inside a test process: leave that process's global Request and Response alone.
  const listener = getRequestListener(options.fetch, { overrideGlobalObjects: false })
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res)
    res.on('close', () => {
      inFlight.delete(res)
      if (inFlight.size > 0) return
      for (const resolve of drainWaiters) resolve()
      drainWaiters = []
    })
    if (draining) res.setHeader('connection', 'close')
    void listener(req, res)
  })

  return {
    get draining() {
      return draining
    },
    listen() {
      const { port, host } = options
      return new Promise<AddressInfo>((resolve, reject) => {
        server.once('error', (error: NodeJS.ErrnoException) => {
          reject(
            new GatewayServerError(
              'listen',
              error.code === 'EADDRINUSE' ? 'PORT_IN_USE' : 'LISTEN_FAILED',
              error.code === 'EADDRINUSE'
                ? `Port ${port} is already in use; set PORT to another port.`
                : `Could not listen on ${host}:${port}.`,
              { cause: error },
            ),
          )
        })
        server.listen(port, host, () => resolve(server.address() as AddressInfo))
      })
    },
    async drain() {
      draining = true
      if (!server.listening) return
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const { grace } = options
      const timer = setTimeout(() => grace.abort(), options.graceMs)
      const graceOver = new Promise<void>((resolve) =>
        grace.signal.addEventListener('abort', () => resolve()),
      )
      await Promise.race([drained(), graceOver])
      clearTimeout(timer)
      // Keep-alive sockets that just finished their last response would otherwise hold the server open.
      server.closeAllConnections()
      await stopped
    },
  }
}
