import { pruneAuthEvents } from '../services/auth-limits'
import { pruneIdempotencyKeys } from '../services/idempotency'
import type { Database } from './database'

const DAY_MS = 24 * 60 * 60 * 1000
/** The tables of records anyone may write to, pruned by age and by row count. */
const RECORD_TABLES = ['visit_reports', 'trace_marks', 'client_errors'] as const

/** How much history the pruner keeps. */
export interface RetentionLimits {
  recordMaxAgeDays: number
  recordMaxRows: number
}

/**
 * Deletes at most `batch` rows per table that are past the retention (older than `recordMaxAgeDays`, or beyond the
 * newest `recordMaxRows`), and expired sign-in events. Returns how many rows went: a full batch means there is more.
 */
export function pruneOnce(db: Database, limits: RetentionLimits, now: number, batch: number): number {
  if (!db.isOpen) return 0
  let removed = 0
  for (const table of RECORD_TABLES) {
    // Table names come from the constant list above, never from a request.
    removed += db.run(
      `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE received_at < ? ORDER BY id LIMIT ?)`,
      now - limits.recordMaxAgeDays * DAY_MS,
      batch,
    ).changes
    // The id of the newest row past the cap; ids only grow, so everything at or below it is older.
    const cut = db.get<{ id: number }>(
      `SELECT id FROM ${table} ORDER BY id DESC LIMIT 1 OFFSET ?`,
      limits.recordMaxRows,
    )
    if (cut) {
      removed += db.run(
        `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE id <= ? ORDER BY id LIMIT ?)`,
        cut.id,
        batch,
      ).changes
    }
  }
  removed += pruneAuthEvents(db, now, batch)
  removed += pruneIdempotencyKeys(db, now, batch)
  return removed
}

/** A background pruner: {@link pruneOnce} on an unref'd timer, in small batches, until `stop()`. */
export interface RecordPruner {
  stop(): void
}

/**
 * Starts pruning every `intervalMs` (sooner while a batch comes back full), never holding the process open and
 * never running more than one small batch per turn of the event loop, so a request never waits long behind it.
 */
export function startRecordPruner(options: {
  db: Database
  limits: RetentionLimits
  now: () => number
  log: (line: string) => void
  intervalMs?: number
  batch?: number
}): RecordPruner {
  const intervalMs = options.intervalMs ?? 10_000
  const batch = options.batch ?? 500
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const schedule = (delay: number) => {
    if (stopped) return
    timer = setTimeout(tick, delay)
    timer.unref()
  }
  const tick = () => {
    let removed = 0
    try {
      removed = pruneOnce(options.db, options.limits, options.now(), batch)
    } catch (error) {
      options.log(`pruning failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    // A full batch means there is a backlog: come back soon, but after pending requests had their turn.
    schedule(removed >= batch ? 20 : intervalMs)
  }
  schedule(intervalMs)
  return {
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}
