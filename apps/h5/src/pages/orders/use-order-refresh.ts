import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'

/**
 * While an order is pending: a clock for its countdown (ticking each second from the loader's `now`) and a reload
 * of the order every `everyMs` while the page is visible, so a payment made elsewhere (WeChat Pay's notification
 * to the gateway, the front desk) shows up here; and one reload when the countdown runs out (the gateway then
 * answers `expired`).
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

  useEffect(() => {
    if (!active || !idle) return
    const poll = setTimeout(() => {
      if (document.visibilityState !== 'hidden') void revalidate()
    }, everyMs)
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
