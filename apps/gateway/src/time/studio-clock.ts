import type { Database } from '../db/database'

/**
 * The studio's clock: the gateway's clock seam plus an offset that only ever grows. The dev API moves it forward
 * (`POST /__dev/clock`) so that reminders, waitlist cut-offs and order expiry can be tried in the demo and tested
 * without waiting; it never goes back, because orders, codes and notices already written assume time moves on.
 *
 * The offset lives in the database (`studio_clock`) once {@link StudioClock.attach} gives it one, so that every
 * instance of the gateway on that database keeps the same studio time: each reads it again when its copy is older
 * than {@link OFFSET_READ_MS}, and the instance that moves the clock knows at once.
 *
 * @example
 * ```ts
 * const clock = createStudioClock(() => new Date())
 * clock.attach(db)
 * clock.advance(2 * 60 * 60_000) // two hours later for every service, the scheduler and the other instances
 * ```
 */
export interface StudioClock {
  /** Epoch milliseconds: the base clock plus the offset. */
  now(): number
  /** How far the studio's clock is ahead of the base clock, in ms (0 until moved). */
  offsetMs(): number
  /** Moves the clock forward by `ms` (a non-negative integer) and answers the new time. */
  advance(ms: number): number
  /** Keeps the offset in `db` from now on (read at once: a restarted instance goes on from where the studio was). */
  attach(db: Database): void
}

/** How stale an instance's copy of the offset may be: another instance's move is seen within this (wall time). */
export const OFFSET_READ_MS = 250

export function createStudioClock(
  base: () => Date,
  wall: () => number = () => performance.now(),
): StudioClock {
  let offset = 0
  let store: Database | undefined
  let readAt = Number.NEGATIVE_INFINITY
  const current = () => {
    if (store?.isOpen && wall() - readAt >= OFFSET_READ_MS) {
      offset =
        store.get<{ offset_ms: number }>('SELECT offset_ms FROM studio_clock WHERE id = 1')?.offset_ms ?? 0
      readAt = wall()
    }
    return offset
  }
  const now = () => base().getTime() + current()
  return {
    now,
    offsetMs: current,
    advance(ms) {
      if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('The studio clock only moves forward.')
      if (store) {
        offset =
          store.get<{ offset_ms: number }>(
            `INSERT INTO studio_clock (id, offset_ms) VALUES (1, ?)
             ON CONFLICT (id) DO UPDATE SET offset_ms = studio_clock.offset_ms + excluded.offset_ms
             RETURNING offset_ms`,
            ms,
          )?.offset_ms ?? offset + ms
        readAt = wall()
      } else {
        offset += ms
      }
      return now()
    },
    attach(db) {
      store = db
      readAt = Number.NEGATIVE_INFINITY
    },
  }
}
