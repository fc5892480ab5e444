import type { PayTransaction } from '@xdance/contract'

/**
 * The WeChat Pay platform as the gateway asks it things (a port): the state of an order's transaction. The real
 * one is WeChat Pay's `GET /v3/pay/transactions/out-trade-no/{out_trade_no}` ({@link createWechatPayApi}); the demo's
 * is the emulated platform in `emulation/`. What it answers is checked as a notification is: it never pays an order
 * by itself.
 *
 * @example
 * const transaction = await platform.queryOrder('XD20250602-000001') // undefined: not paid, or unknown
 */
export interface PayPlatform {
  queryOrder(orderNo: string): Promise<PayTransaction | undefined>
}
