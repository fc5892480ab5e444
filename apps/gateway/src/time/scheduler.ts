import type { GatewayContext } from '../core/context'
import type { Messages } from '../parties/messages/messages-port'
import { settleMissedClasses } from '../services/check-in'
import { writeDueNotices } from '../services/due-notices'
import { tellFollowers } from '../services/follows'
import { expireDueOrders } from '../services/orders'
import { deliverOutbox } from '../services/outbox'
import { closeDueWaitlists } from '../services/waitlist'

/**
 * How the due-time work is driven. The default runs it every `intervalMs` on a timer; a test passes `every` to
 * drive it by hand (it receives the run function and returns how to stop).
 *
 * @example
 * ```ts
 * let run = () => {}
 * const scheduler: SchedulerOptions = { every: (tick) => ((run = tick), () => {}) }
 * ```
 */
export interface SchedulerOptions {
  /** Time between runs, in ms. Default 30 000. */
  intervalMs?: number
  /** Starts the repeating runs; returns a function that stops them. Default: `setInterval` (unref'd). */
  every?: (run: () => void, intervalMs: number) => () => void
}

/** What one run did. */
export interface TickResult {
  expiredOrders: number
  closedWaitlists: number
  /** Bookings of ended classes without a check-in, now missed (the studio's rule applied). */
  missedClasses: number
  /** Notices of followed teachers' new classes. */
  toldFollowers: number
  dueNotices: number
  sent: number
}

/** The due-time work of the gateway, started with it and stopped on `close()`. */
export interface Scheduler {
  /** Runs the due work once now (what each timer run does). */
  tick(): TickResult
  stop(): void
}

/**
 * One run of the due-time work at the gateway's clock: expire unpaid orders, close waitlists at their cut-off,
 * settle the bookings of ended classes nobody checked in to (missed), tell followers of their teachers' new classes, write due notices (reminders, card expiry),
 * then send the outbox. Everything due is read from the database,
 * and every write is keyed or guarded, so a run after a crash or a restart catches up exactly once.
 */
export function runDueWork(ctx: GatewayContext, messages: Messages): TickResult {
  const now = ctx.now()
  const expiredOrders = ctx.db.transaction(() => expireDueOrders(ctx, now))
  const closedWaitlists = closeDueWaitlists(ctx, now)
  const missedClasses = settleMissedClasses(ctx, now)
  const toldFollowers = tellFollowers(ctx, now)
  const dueNotices = writeDueNotices(ctx, now)
  const sent = deliverOutbox(ctx, messages.send).length
  return { expiredOrders, closedWaitlists, missedClasses, toldFollowers, dueNotices, sent }
}

const defaultEvery = (run: () => void, intervalMs: number) => {
  const timer = setInterval(run, intervalMs)
  // The server keeps the process alive; the scheduler alone must not.
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Starts the scheduler over `work` (start-up gives it {@link runDueWork}, and in demo mode the schedule's top-up
 * first): catches up at once (whatever fell due while the gateway was down), then runs every interval. A failing
 * run is logged and the next one tries again.
 *
 * @example
 * ```ts
 * const scheduler = startScheduler(ctx, () => runDueWork(ctx, parties.messages))
 * scheduler.stop()
 * ```
 */
export function startScheduler(
  ctx: GatewayContext,
  work: () => TickResult,
  options: SchedulerOptions = {},
): Scheduler {
  let stopped = false
  const tick = work
  const guarded = () => {
    if (stopped || !ctx.db.isOpen) return
    try {
      tick()
    } catch (error) {
      ctx.log(
        `scheduler run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
    }
  }
  guarded()
  const cancel = (options.every ?? defaultEvery)(guarded, options.intervalMs ?? 30_000)
  return {
    tick,
    stop() {
      if (stopped) return
      stopped = true
      cancel()
    },
  }
}
