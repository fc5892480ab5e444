import type { Order, OrderList, ProductList, WechatPayParams } from '@xdance/contract'
import type { BodyRequestOptions, GatewayClient } from '@xdance/http'
import { apiPath } from './studio-api'

// The shop's gateway calls: card products, orders, WeChat Pay parameters. Typed and pathed by the contract's root
// entry, as `studio-api.ts` is.

type Signal = { signal?: AbortSignal }
const opts = ({ signal }: Signal = {}) => (signal ? { signal } : {})

/** `GET /products`: the cards on sale. @example const products = await listProducts(client) */
export const listProducts = (client: GatewayClient, o?: Signal) =>
  client.get<ProductList>(apiPath('listProducts'), opts(o)).then((page) => page.list)

/** `POST /orders`: a pending order of one product. @example const order = await createOrder(client, 2) */
export const createOrder = (client: GatewayClient, productId: number, o?: BodyRequestOptions) =>
  client.post<Order>(apiPath('createOrder'), { productId }, o)

/** `GET /orders`: mine, newest first. @example const orders = await listOrders(client) */
export const listOrders = (client: GatewayClient, o?: Signal) =>
  client.get<OrderList>(apiPath('listOrders'), opts(o)).then((page) => page.list)

/** `GET /orders/:id`. @example const order = await getOrder(client, 5) */
export const getOrder = (client: GatewayClient, id: number, o?: Signal) =>
  client.get<Order>(apiPath('getOrder', { id }), opts(o))

/** `POST /orders/:id/cancel`: only while pending. @example await cancelOrder(client, 5) */
export const cancelOrder = (client: GatewayClient, id: number, o?: BodyRequestOptions) =>
  client.post<Order>(apiPath('cancelOrder', { id }), undefined, o)

/** `POST /orders/:id/wechat-pay`: the JSAPI parameters for WeChat's bridge. @example await wechatPayParams(client, 5) */
export const wechatPayParams = (client: GatewayClient, id: number) =>
  client.post<WechatPayParams>(apiPath('wechatPay', { id }))
