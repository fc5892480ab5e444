import type { HttpBindings } from '@hono/node-server'
import type { Hono } from 'hono'

/** Hono's environment for the gateway: the Node request and response when served over a socket. */
export type GatewayEnv = { Bindings: Partial<HttpBindings> }

/** The sub-application mounted under the prefix. */
export type Api = Hono<GatewayEnv>
