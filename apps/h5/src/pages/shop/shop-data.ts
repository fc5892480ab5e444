import type { Order, Product } from '@xdance/contract'
import { isLoggedIn } from '@xdance/session'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { ACTION_KEY_FIELD, type KeyedFailure, keyedAction, newActionKey } from '../../app/keyed-action'
import { redirectTo, servicesOf } from '../../app/route-helpers'
import { requireSignIn } from '../../auth/require-sign-in'
import { sanitizeRedirect } from '../../auth/safe-redirect'

export interface ShopData {
  products: Product[]
  signedIn: boolean
  /** The customer's trial order that blocks another (pending or paid), if any: a trial card is sold once. */
  trialOrder: Pick<Order, 'id' | 'status'> | null
  /** Where to go back after paying (a class to book), already checked to be a path of this app; '' for none. */
  returnTo: string
}

/**
 * The `return` parameter as a path of this app, or '' (never another origin: `sanitizeRedirect`).
 *
 * @example
 * returnPath(new URL('https://x/shop?return=/classes/9')) // '/classes/9'
 */
export function returnPath(url: URL): string {
  return sanitizeRedirect(url.searchParams.get('return'), '')
}

/** `/shop?return=`: the cards on sale; signed in, also whether the one trial card is already taken. */
export async function shopLoader({ context, request }: LoaderFunctionArgs): Promise<ShopData> {
  const { client, mode } = servicesOf(context)
  const { signal } = request
  const signedIn = isLoggedIn(mode)
  const [products, orders] = await Promise.all([
    callGateway(client, 'GET /products', {}, { signal }).then((page) => page.list),
    signedIn
      ? callGateway(client, 'GET /orders', {}, { signal }).then((page) => page.list)
      : Promise.resolve([]),
  ])
  const trial = orders.find((order) => order.trial && (order.status === 'pending' || order.status === 'paid'))
  return {
    products,
    signedIn,
    trialOrder: trial ? { id: trial.id, status: trial.status } : null,
    returnTo: returnPath(new URL(request.url)),
  }
}

/**
 * Orders the chosen product and opens the order to pay it, keeping the way back (`return`). The shop is public,
 * so the action checks the sign-in itself, as the class page's booking does.
 */
export async function buyAction({ context, request }: ActionFunctionArgs): Promise<KeyedFailure | Response> {
  const { client, mode } = servicesOf(context)
  requireSignIn(mode, request)
  const form = await request.formData()
  const productId = Number(form.get('productId'))
  const key = String(form.get(ACTION_KEY_FIELD) ?? '') || newActionKey()
  const result = await keyedAction(client, key, (o) =>
    callGateway(client, 'POST /orders', { body: { productId } }, o),
  )
  if (!result.ok) return result
  const returnTo = returnPath(new URL(request.url))
  const query = returnTo ? `?return=${encodeURIComponent(returnTo)}` : ''
  return redirectTo(`/orders/${result.value.id}${query}`)
}
