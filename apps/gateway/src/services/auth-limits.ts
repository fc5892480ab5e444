import type { Database } from '../db/database'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
/** The longest window any limit counts over: older events are pruned. */
export const AUTH_EVENT_RETENTION_MS = 24 * HOUR_MS

export type AuthEventKind = 'sent' | 'failed'
export type AuthEventScope = 'phone' | 'address' | 'all'

/** One limit: at most `max` events of `kind` against `scope`/`key` in the last `windowMs`. */
export interface AuthLimit {
  kind: AuthEventKind
  scope: AuthEventScope
  key: string
  max: number
  windowMs: number
}

/**
 * Seconds until every limit in `limits` allows one more event, or 0 when all allow it now. For a limit that is
 * reached, that is when the oldest event that must leave its window does. Call it inside the transaction that
 * records the event, so that concurrent requests cannot both see room for the last one.
 */
export function retryAfter(db: Database, limits: readonly AuthLimit[], now: number): number {
  let wait = 0
  for (const limit of limits) {
    const since = now - limit.windowMs
    const counted =
      db.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM auth_events WHERE kind = ? AND scope = ? AND key = ? AND at > ?',
        limit.kind,
        limit.scope,
        limit.key,
        since,
      )?.n ?? 0
    if (counted < limit.max) continue
    // The (counted - max + 1)-th oldest event of the window has to leave it for the count to drop below max.
    const leaving = db.get<{ at: number }>(
      `SELECT at FROM auth_events WHERE kind = ? AND scope = ? AND key = ? AND at > ?
       ORDER BY at LIMIT 1 OFFSET ?`,
      limit.kind,
      limit.scope,
      limit.key,
      since,
      counted - limit.max,
    )
    const until = (leaving?.at ?? now) + limit.windowMs
    wait = Math.max(wait, Math.max(1, Math.ceil((until - now) / 1000)))
  }
  return wait
}

/** How many more events every limit allows now (the smallest room left; 0 when one is reached). */
export function roomLeft(db: Database, limits: readonly AuthLimit[], now: number): number {
  let room = Number.POSITIVE_INFINITY
  for (const limit of limits) {
    const counted =
      db.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM auth_events WHERE kind = ? AND scope = ? AND key = ? AND at > ?',
        limit.kind,
        limit.scope,
        limit.key,
        now - limit.windowMs,
      )?.n ?? 0
    room = Math.min(room, Math.max(0, limit.max - counted))
  }
  return room
}

/** Records one event against each of `keys` (e.g. the phone, the address and the whole gateway). */
export function recordAuthEvent(
  db: Database,
  kind: AuthEventKind,
  keys: ReadonlyArray<{ scope: AuthEventScope; key: string }>,
  now: number,
): void {
  for (const { scope, key } of keys) {
    db.run('INSERT INTO auth_events (kind, scope, key, at) VALUES (?, ?, ?, ?)', kind, scope, key, now)
  }
}

/** Deletes up to `batch` events older than every window; returns how many went. */
export function pruneAuthEvents(db: Database, now: number, batch: number): number {
  return db.run(
    'DELETE FROM auth_events WHERE id IN (SELECT id FROM auth_events WHERE at <= ? ORDER BY id LIMIT ?)',
    now - AUTH_EVENT_RETENTION_MS,
    batch,
  ).changes
}

/** Minutes, hours and the like for a refusal's tips: `请 N 秒后再试` / `请 N 分钟后再试`. */
export function waitTips(seconds: number): string {
  return seconds < 120 ? `请 ${seconds} 秒后再试` : `请 ${Math.ceil(seconds / 60)} 分钟后再试`
}

export const WINDOWS = { MINUTE_MS, HOUR_MS, DAY_MS: AUTH_EVENT_RETENTION_MS } as const
