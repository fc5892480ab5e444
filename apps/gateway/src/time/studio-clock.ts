/**
 * The studio's clock: the gateway's clock seam plus an offset that only ever grows. The dev API moves it forward
 * (`POST /__dev/clock`) so that reminders, waitlist cut-offs and order expiry can be tried in the demo and tested
 * without waiting; it never goes back, because orders, codes and notices already written assume time moves on.
 *
 * @example
 * ```ts
 * const clock = createStudioClock(() => new Date())
 * clock.advance(2 * 60 * 60_000) // two hours later for every service and the scheduler
 * ```
 */
export interface StudioClock {
  /** Epoch milliseconds: the base clock plus the offset. */
  now(): number
  /** How far the studio's clock is ahead of the base clock, in ms (0 until moved). */
  offsetMs(): number
  /** Moves the clock forward by `ms` (a non-negative integer) and answers the new time. */
  advance(ms: number): number
}

export function createStudioClock(base: () => Date): StudioClock {
  let offset = 0
  const now = () => base().getTime() + offset
  return {
    now,
    offsetMs: () => offset,
    advance(ms) {
      if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('The studio clock only moves forward.')
      offset += ms
      return now()
    },
  }
}
