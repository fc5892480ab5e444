import type { Order } from '@xdance/contract'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { type GatewayFailure, settle } from '../../app/gateway-failure'
import { ACTION_KEY_FIELD, type KeyedFailure, keyedAction, newActionKey } from '../../app/keyed-action'
import { idParam, servicesOf } from '../../app/route-helpers'
import { payInWechat, type WechatPayOutcome, wechatBridge } from '../../lib/wechat-pay'
import { returnPath } from '../shop/shop-data'

export interface OrderData {
  order: Order
  /** When the loader ran: the expiry countdown starts from it (nothing reads the clock in render). */
  now: number
  /** Inside WeChat with its bridge: pay there; elsewhere the front-desk code. */
  inWechat: boolean
  /** The page to go back to once paid (a class to book), checked; '' for none. */
  returnTo: string
}

export type OrderActionResult =
  | { ok: true; intent: 'cancel' }
  | { ok: true; pay: WechatPayOutcome }
  | GatewayFailure
  | KeyedFailure

/** `/orders/:id?return=`: one of my orders (the signed-in layout guards it). */
export async function orderLoader({ context, params, request }: LoaderFunctionArgs): Promise<OrderData> {
  const order = await callGateway(
    servicesOf(context).client,
    'getOrder',
    { params: { id: idParam(params.id) } },
    { signal: request.signal },
  )
  return {
    order,
    now: Date.now(),
    inWechat: wechatBridge() !== undefined,
    returnTo: returnPath(new URL(request.url)),
  }
}

/**
 * `cancel` cancels the pending order; `wechat-pay` asks the gateway for the JSAPI parameters and opens WeChat Pay.
 * Its `ok` proves nothing: the page reloads the order until the gateway, told by WeChat Pay, says it is paid.
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
      callGateway(client, 'cancelOrder', { params: { id } }, o),
    )
    return result.ok ? { ok: true, intent: 'cancel' } : result
  }
  // Silent as the cancellation is: the page says a failure under its buttons.
  const result = await settle(() => callGateway(client, 'wechatPay', { params: { id } }, { silent: true }))
  if (!result.ok) return result
  return { ok: true, pay: await payInWechat(result.value) }
}

export interface OrdersData {
  orders: Order[]
}

/** `/me/orders`: my orders, newest first. */
export async function ordersLoader({ context, request }: LoaderFunctionArgs): Promise<OrdersData> {
  const page = await callGateway(servicesOf(context).client, 'listOrders', {}, { signal: request.signal })
  return { orders: page.list }
}
