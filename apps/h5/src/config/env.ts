import { GATEWAY_PREFIX, HTTP_TIMEOUT } from '@xdance/contract'

/** Deployment settings, fixed at build time from `VITE_*` variables (see the README's table). */
export interface AppEnv {
  /** Base path (or absolute URL) of the dance gateway. */
  gatewayPrefix: string
  /** Per-request timeout of the gateway client, in ms. */
  requestTimeout: number
}

/**
 * Reads the build-time variables; unset, they are the contract's `GATEWAY_PREFIX` and `HTTP_TIMEOUT` (the spec's
 * 20 s); bad values fall back rather than break the app.
 *
 * @example
 * readEnv({ VITE_GATEWAY_PREFIX: '/api/', VITE_REQUEST_TIMEOUT: '5000' })
 * // { gatewayPrefix: '/api', requestTimeout: 5000 }
 */
export function readEnv(vars: Record<string, string | boolean | undefined>): AppEnv {
  const prefix = typeof vars.VITE_GATEWAY_PREFIX === 'string' ? vars.VITE_GATEWAY_PREFIX.trim() : ''
  const timeout = Number(vars.VITE_REQUEST_TIMEOUT)
  const trimmed = prefix.replace(/\/+$/, '')
  return {
    gatewayPrefix: isGatewayBase(trimmed) ? trimmed : GATEWAY_PREFIX,
    requestTimeout:
      Number.isInteger(timeout) && timeout > 0 && timeout <= MAX_TIMER_MS ? timeout : HTTP_TIMEOUT,
  }
}

// Timers longer than this overflow and fire at once: every call would time out immediately.
const MAX_TIMER_MS = 2_147_483_647

// A root-relative path (`/api`, not `//host`) or an absolute http(s) URL. Anything else (`api`) would resolve
// against the current page's path and send each page's calls somewhere different.
function isGatewayBase(value: string): boolean {
  if (/^\/(?![/\\])\S*$/.test(value)) return true
  return /^https?:\/\/[^/\s]+(\/\S*)?$/i.test(value)
}
