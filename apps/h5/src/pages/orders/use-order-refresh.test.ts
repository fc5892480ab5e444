import { describe, expect, test } from 'vitest'
import { MAX_POLL_MS, pollDelay } from './use-order-refresh'

describe('pollDelay: a pending order is reloaded less and less often, never less than every 15 s', () => {
  test.each([
    [3000, 0, 3000],
    [3000, 1, 4500],
    [3000, 2, 6750],
    [3000, 3, 10_125],
    [3000, 4, MAX_POLL_MS],
    [3000, 100, MAX_POLL_MS],
    // Just paid, or a QR code shown: from every second.
    [1000, 0, 1000],
    [1000, 5, 7594],
    [1000, 7, MAX_POLL_MS],
  ])('every %i ms, reload #%i waits %i ms', (everyMs, count, delay) => {
    expect(pollDelay(everyMs, count)).toBe(delay)
  })

  test('fifteen minutes of a forgotten page make about 65 calls, not 300', () => {
    let spent = 0
    let calls = 0
    while (spent < 15 * 60_000) spent += pollDelay(3000, calls++)
    expect(calls).toBeLessThan(70)
  })
})
