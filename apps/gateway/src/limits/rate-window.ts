/**
 * A per-key counter over fixed windows, in memory: `take(key)` counts one event and answers 0 while the key is
 * within `max` for the current window, or the seconds until the window turns. Memory is bounded by the keys seen in
 * one window (the map is dropped when the window turns).
 */
export interface RateWindow {
  take(key: string): number
  clear(): void
}

export function createRateWindow(max: number, windowMs: number, now: () => number): RateWindow {
  let windowStart = Number.NEGATIVE_INFINITY
  let counts = new Map<string, number>()
  return {
    take(key) {
      const at = now()
      if (at - windowStart >= windowMs || at < windowStart) {
        windowStart = at - (at % windowMs)
        counts = new Map()
      }
      const next = (counts.get(key) ?? 0) + 1
      counts.set(key, next)
      return next <= max ? 0 : Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000))
    },
    clear() {
      counts = new Map()
    },
  }
}
