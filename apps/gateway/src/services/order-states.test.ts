import type { OrderStatus } from '@xdance/contract'
import { describe, expect, test } from 'vitest'
import { nextOrderState, type OrderEvent } from './order-states'

const EXPIRES = 900_000

describe('the order state machine', () => {
  test.each<[OrderStatus, OrderEvent, number, ReturnType<typeof nextOrderState>]>([
    ['pending', 'pay', 0, { status: 'paid' }],
    ['pending', 'cancel', 0, { status: 'cancelled' }],
    ['pending', 'expire', EXPIRES, { status: 'expired' }],
    ['pending', 'pay', EXPIRES - 1, { status: 'paid' }],
    // Past its time a pending order is expired, written or not.
    ['pending', 'pay', EXPIRES, { refusal: 'ORDER_EXPIRED' }],
    ['pending', 'cancel', EXPIRES + 1, { refusal: 'ORDER_EXPIRED' }],
    ['pending', 'expire', EXPIRES - 1, { refusal: 'ORDER_NOT_PENDING' }],
    ['paid', 'pay', 0, { refusal: 'ORDER_NOT_PENDING' }],
    ['paid', 'cancel', 0, { refusal: 'ORDER_NOT_PENDING' }],
    ['paid', 'expire', EXPIRES, { refusal: 'ORDER_NOT_PENDING' }],
    ['cancelled', 'pay', 0, { refusal: 'ORDER_NOT_PENDING' }],
    ['cancelled', 'cancel', 0, { refusal: 'ORDER_NOT_PENDING' }],
    ['expired', 'pay', 0, { refusal: 'ORDER_EXPIRED' }],
    ['expired', 'cancel', 0, { refusal: 'ORDER_EXPIRED' }],
    ['expired', 'expire', EXPIRES, { refusal: 'ORDER_EXPIRED' }],
  ])('%s on %s at %i → %j', (status, event, now, expected) => {
    expect(nextOrderState({ status, expiresAt: EXPIRES }, event, now)).toEqual(expected)
  })
})
