import type { GatewayClient } from '@xdance/http'
import type { Mode } from '@xdance/session'
import type { Tracker } from '@xdance/tracker'
import { createContext } from 'react-router'
import type { I18n } from '../i18n/i18n'
import type { ToastStore } from '../toast/toast-store'

/** What `main.tsx` creates once at start-up and every loader and action reads from the router's context. */
export interface Services {
  mode: Mode
  client: GatewayClient
  tracker: Tracker
  toasts: ToastStore
  i18n: I18n
}

/**
 * The router context key of the services: `main.tsx` sets it in `createBrowserRouter`'s `getContext`, loaders,
 * actions and middleware read it. Reading it from a router that did not set it throws (no default).
 *
 * @example
 * export async function cardsLoader({ context, request }: LoaderFunctionArgs) {
 *   const { client } = context.get(servicesContext)
 *   return { cards: (await callGateway(client, 'GET /cards', {}, { signal: request.signal })).list }
 * }
 */
export const servicesContext = createContext<Services>()
