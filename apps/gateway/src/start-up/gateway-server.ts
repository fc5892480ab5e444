import type { AddressInfo } from 'node:net'
import type { Hono } from 'hono'
import { GatewayServerError } from '../core/gateway-server-error'
import type { GatewayEnv } from '../routes/gateway-env'
import { urlHost } from '../server/loopback'
import { createNodeServer, type NodeServer } from '../server/node-server'
import type { GatewaySettings } from '../settings/gateway-options'

/**
 * A gateway listening on a socket.
 *
 * @example
 * ```ts
 * const gateway: RunningGateway = await startGateway({ demo: true })
 * await page.goto(gateway.url)
 * await gateway.close()
 * ```
 */
export interface RunningGateway {
  /** Origin, e.g. `http://127.0.0.1:40123` (on a wildcard address, the loopback origin that reaches it). */
  url: string
  port: number
  /** The address really bound, as it goes in a URL: `127.0.0.1`, `0.0.0.0`, `[::1]`, `[::]`. */
  address: string
  /** Whether the dev API is mounted: demo mode on a loopback address. */
  devApi: boolean
  /** The API base: `url` + prefix. */
  apiUrl: string
  /** Same as {@link Gateway.fetchInside}. */
  fetchInside(request: Request): Promise<Response>
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>
}

/**
 * A gateway with its database open, not yet listening.
 *
 * @example
 * ```ts
 * const gateway: Gateway = createGateway({ demo: true })
 * const running = await gateway.listen()
 * await running.close()
 * ```
 */
export interface Gateway {
  /** Answers one request in-process, without a socket (a `drop` fault rejects, like a network failure). */
  fetch(request: Request): Promise<Response>
  /**
   * Answers one API request in process as a caller inside the deployment is answered (the app's server renderer
   * running beside the gateway): no fault injection (faults stand for a phone's network), no CORS, no dev API.
   */
  fetchInside(request: Request): Promise<Response>
  /** Starts listening; resolves once the port is bound. */
  listen(): Promise<RunningGateway>
  /** Same as {@link RunningGateway.close}; safe to call more than once, listening or not. */
  close(): Promise<void>
}

/** How a gateway stops: requests see `isClosing()`; waits end when `grace` aborts (the grace period ran out). */
export interface Closing {
  readonly grace: AbortController
  isClosing(): boolean
}

/** What {@link serveGateway} serves, and what it stops on `close()` around draining the server. */
export interface Served {
  /** The whole gateway (`/healthz` and the API), and the API for callers inside the deployment. */
  app: Hono<GatewayEnv>
  inside: Hono<GatewayEnv>
  /** Stops the work that starts requests of its own (the scheduler), before the server drains. */
  stopWork(): void
  /** Releases what the last requests still use (the pruner, the database), once the server drained. */
  release(): void
}

/**
 * The gateway's life around its apps: answers in process, listens on the settings' port and host when asked, and on
 * `close()` stops the work, lets in-flight requests finish (up to the grace period), then releases the database.
 *
 * @example
 * ```ts
 * const closing = createClosing()
 * const gateway = serveGateway(settings, closing, { app, inside, stopWork: scheduler.stop, release: () => db.close() })
 * ```
 */
export function serveGateway(
  settings: Pick<GatewaySettings, 'port' | 'host' | 'prefix' | 'devApi' | 'shutdownGraceMs'>,
  closing: Closing & { begin(): void },
  served: Served,
): Gateway {
  let server: NodeServer | undefined
  let closed: Promise<void> | undefined
  const shutdown = async () => {
    closing.begin()
    served.stopWork()
    await server?.drain()
    served.release()
  }
  const close = () => {
    closed ??= shutdown()
    return closed
  }
  const fetchInside = async (request: Request) => served.inside.fetch(request, {})
  return {
    fetch: async (request) => served.app.fetch(request, {}),
    fetchInside,
    close,
    async listen() {
      if (server)
        throw new GatewayServerError('listen', 'ALREADY_LISTENING', 'The gateway is already listening.')
      if (closing.isClosing())
        throw new GatewayServerError('listen', 'CLOSED', 'The gateway has been closed.')
      const created = createNodeServer({
        fetch: served.app.fetch,
        port: settings.port,
        host: settings.host,
        graceMs: settings.shutdownGraceMs,
        grace: closing.grace,
      })
      server = created
      let bound: AddressInfo
      try {
        bound = await created.listen()
      } catch (error) {
        server = undefined
        throw error
      }
      const wildcard = bound.address === '0.0.0.0' || bound.address === '::'
      const url = `http://${wildcard ? '127.0.0.1' : urlHost(bound.address)}:${bound.port}`
      return {
        url,
        port: bound.port,
        address: urlHost(bound.address),
        devApi: settings.devApi,
        apiUrl: `${url}${settings.prefix}`,
        fetchInside,
        close,
      }
    },
  }
}

/** A gateway not closing yet; `begin()` marks it closing. */
export function createClosing(): Closing & { begin(): void } {
  let closing = false
  return {
    grace: new AbortController(),
    isClosing: () => closing,
    begin() {
      closing = true
    },
  }
}
