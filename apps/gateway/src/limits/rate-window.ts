import type { Database } from '../db/database'

/**
 * A per-key counter over fixed windows, kept in the database so that every instance of the gateway counts against
 * the same limit: `take(key)` counts one event and answers 0 while the key is within `max` for the current window,
 * or the seconds until the window turns. A row per key and window; rows of past windows are deleted when a window
 * turns (by whichever instance sees it first). A key over its limit is remembered by the instance until the window
 * turns, so the flood a limit holds back does not become a flood of writes.
 */
export interface RateWindow {
  take(key: string): number
  clear(): void
}

/**
 * @example
 * const reports = createRateWindow(db, 'reports', 120, 60_000, () => Date.now())
 * if (reports.take(address) > 0) answer429()
 */
export function createRateWindow(
  db: Database,
  name: string,
  max: number,
  windowMs: number,
  now: () => number,
): RateWindow {
  let pruned = Number.NEGATIVE_INFINITY
  // Keys this instance saw over the limit in the current window: answered from memory for the rest of it, so a flood
  // costs the database at most `max + 1` writes per key, instance and window, not one per request.
  let over = new Set<string>()
  const wait = (windowStart: number, at: number) =>
    Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000))
  return {
    take(key) {
      const at = now()
      const windowStart = at - (at % windowMs)
      if (windowStart !== pruned) {
        pruned = windowStart
        over = new Set()
        // This counter's keys only (`name:` up to `name;`, the next character), whatever others' windows are.
        db.run(
          'DELETE FROM rate_counts WHERE key >= ? AND key < ? AND window_start < ?',
          `${name}:`,
          `${name};`,
          windowStart,
        )
      }
      if (over.has(key)) return wait(windowStart, at)
      const counted =
        db.get<{ count: number }>(
          `INSERT INTO rate_counts (key, window_start, count) VALUES (?, ?, 1)
           ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counts.count + 1
           RETURNING count`,
          `${name}:${key}`,
          windowStart,
        )?.count ?? 1
      if (counted <= max) return 0
      over.add(key)
      return wait(windowStart, at)
    },
    clear() {
      over = new Set()
      db.run('DELETE FROM rate_counts WHERE key >= ? AND key < ?', `${name}:`, `${name};`)
    },
  }
}
