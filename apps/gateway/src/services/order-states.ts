import type { ErrorCodeName, OrderStatus } from '@xdance/contract'

/** What can happen to an order. */
export type OrderEvent = 'pay' | 'cancel' | 'expire'

/**
 * The order state machine: only a `pending` order moves, to one end state per event. Every other move is absent
 * from this table and refused.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>>> = {
  pending: { pay: 'paid', cancel: 'cancelled', expire: 'expired' },
  paid: {},
  cancelled: {},
  expired: {},
}

/**
 * The state an order moves to on `event` at `now`, or the refusal. A pending order past its `expiresAt` is treated
 * as expired (whether or not the sweep has written it yet): it can only expire.
 *
 * @example
 * ```ts
 * nextOrderState({ status: 'pending', expiresAt: 900_000 }, 'pay', 0) // { status: 'paid' }
 * nextOrderState({ status: 'paid', expiresAt: 900_000 }, 'cancel', 0) // { refusal: 'ORDER_NOT_PENDING' }
 * ```
 */
export function nextOrderState(
  order: { status: OrderStatus; expiresAt: number },
  event: OrderEvent,
  now: number,
): { status: OrderStatus } | { refusal: ErrorCodeName } {
  const lapsed = order.status === 'pending' && now >= order.expiresAt
  const current: OrderStatus = lapsed ? 'expired' : order.status
  if (lapsed && event === 'expire') return { status: 'expired' }
  const next = ORDER_TRANSITIONS[current][event]
  if (next && !(event === 'expire' && now < order.expiresAt)) return { status: next }
  return { refusal: current === 'expired' ? 'ORDER_EXPIRED' : 'ORDER_NOT_PENDING' }
}
