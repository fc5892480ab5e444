import type { PayTransaction } from '@xdance/contract'

/** The two payments that start on the platform rather than in WeChat's bridge. */
export type PaymentKind = 'h5' | 'native'

/** What the platform needs to start an H5 or Native payment of one order. */
export interface PaymentStart {
  kind: PaymentKind
  orderNo: string
  amountFen: number
  /** What the customer sees on the platform (the product's name). */
  description: string
  /** The customer's address: WeChat Pay's H5 payment requires it (`scene_info.payer_client_ip`). */
  clientIp: string
  /** The origin the customer reached the gateway through (where the demo's platform pages are). */
  origin: string
}

/**
 * The WeChat Pay platform as the gateway asks it things (a port): the state of an order's transaction, and the start
 * of a payment outside WeChat. The real one is WeChat Pay's API v3 (`createWechatPayApi`, `wechat-pay-api.ts`
 * beside this file); the demo's is the emulated platform in `emulation/wechat-pay/`. What it answers is checked as a
 * notification is: it never pays an order by itself.
 *
 * @example
 * const transaction = await platform.queryOrder('XD20250602-000001') // undefined: not paid, or unknown
 */
export interface PayPlatform {
  queryOrder(orderNo: string): Promise<PayTransaction | undefined>
  /** Starts an H5 (answers `h5_url`) or Native (answers `code_url`) payment. Throws when the platform refuses. */
  startPayment(start: PaymentStart): Promise<string>
}
