import type { GatewayClient } from '@xdance/http'
import type { Mode } from '@xdance/session'
import type { Tracker } from '@xdance/tracker'
import type { ToastStore } from '../toast/toast-store'

/** What the app creates once at start-up and every loader, action and page shares. */
export interface Services {
  mode: Mode
  client: GatewayClient
  tracker: Tracker
  toasts: ToastStore
}

let current: Services | undefined

/**
 * Installs the services created by `main.tsx` (the only caller outside tests).
 *
 * @example
 * setServices({ mode, client, tracker, toasts })
 */
export function setServices(services: Services): void {
  current = services
}

/**
 * The installed services; loaders run only after start-up, so a missing install is a programming error.
 *
 * @example
 * const { client } = services()
 */
export function services(): Services {
  if (!current) throw new TypeError('xdance h5: services() called before setServices()')
  return current
}
