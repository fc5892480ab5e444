import type { HttpBindings } from '@hono/node-server'
import type { Hono } from 'hono'

/**
 * Hono's environment for the gateway: the Node request and response when served over a socket, and the request
 * body as text, read once (within the size limit) before any handler runs.
 */
export type GatewayEnv = { Bindings: Partial<HttpBindings>; Variables: { bodyText: string } }

/** The sub-application mounted under the prefix. */
export type Api = Hono<GatewayEnv>
