import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'

/** The longest wait between two reloads of a pending order. */
export const MAX_POLL_MS = 15_000

/**
 * The wait before the `count`-th reload (0 first): `everyMs`, then half as long again each time, at most
 * {@link MAX_POLL_MS}.
 *
 * @example
 * pollDelay(3000, 2) // 6750
 */
export function pollDelay(everyMs: number, count: number): number {
  return Math.min(Math.round(everyMs * 1.5 ** count), MAX_POLL_MS)
}

/**
 * While an order is pending: a clock for its countdown (ticking each second from the loader's `now`) and a reload
 * of the order while the page is visible, first after `everyMs`, then each wait half as long again up to
 * {@link MAX_POLL_MS} (a payment is usually quick, a forgotten page should not call for 15 minutes at full speed;
 * a new `everyMs`, as when the customer has just paid, starts again from it), so a payment made elsewhere (WeChat
 * Pay's notification to the gateway, the front desk) shows up here; and one reload when the countdown runs out (the
 * gateway then answers `expired`). The polling ends with the pending state, at the latest at expiry.
 *
 * @example
 * const now = useOrderRefresh(order.status === 'pending', loaded.now, Date.parse(order.expiresAt), 3000)
 */
export function useOrderRefresh(
  active: boolean,
  loadedAt: number,
  expiresAt: number,
  everyMs: number,
): number {
  const [now, setNow] = useState(loadedAt)
  const { revalidate, state } = useRevalidator()
  const idle = state === 'idle'

  useEffect(() => setNow(loadedAt), [loadedAt])

  useEffect(() => {
    if (!active) return
    const tick = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(tick)
  }, [active])

  const polls = useRef({ base: everyMs, count: 0 })
  if (polls.current.base !== everyMs) polls.current = { base: everyMs, count: 0 }
  useEffect(() => {
    if (!active || !idle) return
    const delay = pollDelay(everyMs, polls.current.count)
    const poll = setTimeout(() => {
      polls.current.count += 1
      if (document.visibilityState !== 'hidden') void revalidate()
    }, delay)
    return () => clearTimeout(poll)
  }, [active, idle, everyMs, revalidate, loadedAt])

  // Once per expiry: a phone clock ahead of the gateway's must not reload in a loop (the polling goes on anyway).
  const due = active && now >= expiresAt
  const reloadedFor = useRef(0)
  useEffect(() => {
    if (!due || !idle || reloadedFor.current === expiresAt) return
    reloadedFor.current = expiresAt
    void revalidate()
  }, [due, idle, expiresAt, revalidate])

  return now
}
