import type { GatewayContext } from '../../core/context'
import type { Api } from '../../routes/gateway-env'
import { listEmulatedMessages } from './message-providers'

/**
 * The emulated SMS and template-message providers' dev route (demo mode on a loopback address, mounted after the
 * other dev routes, so their same-origin guard covers it too): what they accepted. Answers are plain JSON.
 *
 * @example
 * ```ts
 * mountMessagesDevRoutes(api, ctx)
 * ```
 */
export function mountMessagesDevRoutes(api: Api, ctx: GatewayContext): void {
  // What the emulated SMS and template-message providers accepted (once per idempotency key).
  api.get('/__dev/messages', (c) => c.json(listEmulatedMessages(ctx)))
}
