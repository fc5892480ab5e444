import { studioDate } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { keepScheduleCurrent } from '../db/seed'

/**
 * Demo mode's schedule top-up: when the studio's day has changed since the last run, the demo's weekly template
 * fills the days that came into the window (two days back to the published 14 days ahead), so a long-running demo
 * never runs dry. Start-up runs it with the scheduler in demo mode (at start, every interval, and when the dev API
 * moves the clock); no route does: reading the schedule never writes it. Answers the classes added.
 *
 * @example
 * ```ts
 * const topUp = createDemoScheduleTopUp(ctx)
 * topUp() // the days missing since the last run's day; 0 until the studio's day changes again
 * ```
 */
export function createDemoScheduleTopUp(ctx: Pick<GatewayContext, 'db' | 'now'>): () => number {
  let currentDay = ''
  return () => {
    const now = ctx.now()
    const today = studioDate(now)
    if (today === currentDay) return 0
    const added = ctx.db.transaction(() => keepScheduleCurrent(ctx.db, now))
    currentDay = today
    return added
  }
}
