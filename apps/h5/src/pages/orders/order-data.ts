import type { MembershipCard, Order } from '@xdance/contract'
import type { GatewayClient } from '@xdance/http'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { failureKind, type GatewayFailure, isOnline, settle } from '../../app/gateway-failure'
import { ACTION_KEY_FIELD, type KeyedFailure, keyedAction, newActionKey } from '../../app/keyed-action'
import { idParam, servicesOf } from '../../app/route-helpers'
import { readSettings } from '../../config/settings'
import { SETTINGS_ELEMENT_ID } from '../../config/settings-element'
import { type PayPlace, payPlace } from '../../lib/pay-place'
import { awaitWechatBridge, payInWechat, type WechatPayOutcome } from '../../lib/wechat-pay'
import { returnPath } from '../shop/shop-data'

export interface OrderData {
  order: Order
  /** When the loader ran: the expiry countdown starts from it (nothing reads the clock in render). */
  now: number
  /** Where the customer pays from: WeChat (JSAPI), a phone browser (H5) or a desktop (Native QR code). */
  place: PayPlace
  /** Once paid: the card the order issued, as it stands now (its balance); `null` before or if not found. */
  card: MembershipCard | null
  /** The page to go back to once paid (a class to book), checked; '' for none. */
  returnTo: string
  /** The reload failed on the way: this is the order as last loaded (`now` is the failed reload's time). */
  stale: boolean
}

export type OrderActionResult =
  | { ok: true; intent: 'cancel' }
  | { ok: true; pay: WechatPayOutcome }
  | { ok: true; codeUrl: string }
  | { ok: true; leaving: true }
  | GatewayFailure
  | KeyedFailure

/**
 * The pending order each page last showed, by the tab's gateway client (never one customer's order for another's
 * page): the page to keep when a reload of it fails on the way.
 */
const shown = new WeakMap<GatewayClient, OrderData>()

/**
 * `/orders/:id?return=`: one of my orders (the signed-in layout guards it). A reload of the pending order on the page
 * (its polling, the reload at its deadline) that fails on the way (a timeout, the phone asleep or between cells,
 * the gateway down) keeps the page as it was with `stale` set, shows no toast, and the polling goes on: the customer
 * in the middle of paying never lands on the error page. The tab's first load of the order, and the gateway saying no
 * (signed out, no such order), fail as before: to the error page, with its retry.
 */
export async function orderLoader({ context, params, request }: LoaderFunctionArgs): Promise<OrderData> {
  const { client } = servicesOf(context)
  const id = idParam(params.id)
  const last = shown.get(client)
  const reload = last?.order.id === id && last.order.status === 'pending' ? last : undefined
  try {
    const data = await loadOrder(client, id, request, reload !== undefined)
    shown.set(client, data)
    return data
  } catch (error) {
    const kind = failureKind(error, isOnline())
    if (!reload || request.signal.aborted || kind === undefined || kind === 'refused') throw error
    return { ...reload, now: Date.now(), returnTo: returnPath(new URL(request.url)), stale: true }
  }
}

async function loadOrder(
  client: GatewayClient,
  id: number,
  request: Request,
  silent: boolean,
): Promise<OrderData> {
  const options = { signal: request.signal, silent }
  const order = await callGateway(client, 'GET /orders/:id', { params: { id } }, options)
  // A paid order shows the card it bought with its balance now (one more call, only once paid).
  const card =
    order.status === 'paid' && order.cardId !== null
      ? ((await callGateway(client, 'GET /cards', {}, options)).list.find((c) => c.id === order.cardId) ??
        null)
      : null
  return {
    order,
    now: Date.now(),
    place: payPlace(navigator.userAgent),
    card,
    returnTo: returnPath(new URL(request.url)),
    stale: false,
  }
}

/**
 * `cancel` cancels the pending order. `wechat-pay` asks the gateway for the JSAPI parameters and opens WeChat Pay
 * in WeChat's bridge; `wechat-h5` asks for WeChat Pay's H5 page and goes there (it sends the customer back to this
 * page); `wechat-native` asks for the code to show as a QR code. None of them proves anything: the page reloads the
 * order until the gateway, told by WeChat Pay, says it is paid.
 */
export async function orderAction({
  context,
  params,
  request,
}: ActionFunctionArgs): Promise<OrderActionResult> {
  const { client } = servicesOf(context)
  const id = idParam(params.id)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'cancel') {
    const key = String(form.get(ACTION_KEY_FIELD) ?? '') || newActionKey()
    const result = await keyedAction(client, key, (o) =>
      callGateway(client, 'POST /orders/:id/cancel', { params: { id } }, o),
    )
    return result.ok ? { ok: true, intent: 'cancel' } : result
  }
  // Silent as the cancellation is: the page says a failure under its buttons.
  if (intent === 'wechat-h5') {
    const result = await settle(() =>
      callGateway(client, 'POST /orders/:id/wechat-pay/h5', { params: { id } }, { silent: true }),
    )
    if (!result.ok) return result
    const back = new URL(request.url)
    back.searchParams.delete('index')
    window.location.assign(`${result.value.h5Url}&redirect_url=${encodeURIComponent(back.href)}`)
    return { ok: true, leaving: true }
  }
  if (intent === 'wechat-native') {
    const result = await settle(() =>
      callGateway(client, 'POST /orders/:id/wechat-pay/native', { params: { id } }, { silent: true }),
    )
    return result.ok ? { ok: true, codeUrl: result.value.codeUrl } : result
  }
  const result = await settle(() =>
    callGateway(client, 'POST /orders/:id/wechat-pay', { params: { id } }, { silent: true }),
  )
  if (!result.ok) return result
  // WeChat puts its bridge in the page a moment after load; the demo's JS-SDK puts a stand-in there.
  const settings = readSettings(document.getElementById(SETTINGS_ELEMENT_ID)?.textContent)
  await awaitWechatBridge(window, document, settings.jsSdkScriptURL)
  return { ok: true, pay: await payInWechat(result.value) }
}

export interface OrdersData {
  orders: Order[]
}

/** `/me/orders`: my orders, newest first. */
export async function ordersLoader({ context, request }: LoaderFunctionArgs): Promise<OrdersData> {
  const page = await callGateway(servicesOf(context).client, 'GET /orders', {}, { signal: request.signal })
  return { orders: page.list }
}
