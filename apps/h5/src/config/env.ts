/** Deployment settings, fixed at build time from `VITE_*` variables (see the README's table). */
export interface AppEnv {
  /** Base path (or absolute URL) of the dance gateway. */
  gatewayPrefix: string
  /** Per-request timeout of the gateway client, in ms. */
  requestTimeout: number
}

/** The spec's HTTP timeout (section 9). */
export const DEFAULT_REQUEST_TIMEOUT = 20_000
export const DEFAULT_GATEWAY_PREFIX = '/dance-gateway'

/**
 * Reads the build-time variables with their documented defaults; bad values fall back rather than break the app.
 *
 * @example
 * readEnv({ VITE_GATEWAY_PREFIX: '/api/', VITE_REQUEST_TIMEOUT: '5000' })
 * // { gatewayPrefix: '/api', requestTimeout: 5000 }
 */
export function readEnv(vars: Record<string, string | boolean | undefined>): AppEnv {
  const prefix = typeof vars.VITE_GATEWAY_PREFIX === 'string' ? vars.VITE_GATEWAY_PREFIX.trim() : ''
  const timeout = Number(vars.VITE_REQUEST_TIMEOUT)
  return {
    gatewayPrefix: prefix ? prefix.replace(/\/+$/, '') || DEFAULT_GATEWAY_PREFIX : DEFAULT_GATEWAY_PREFIX,
    requestTimeout: Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_REQUEST_TIMEOUT,
  }
}
