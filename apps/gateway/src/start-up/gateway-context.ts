import type { GatewayContext } from '../core/context'
import { openDatabase } from '../db/database'
import { seedDemo } from '../db/seed'
import type { GatewaySettings } from '../settings/gateway-options'
import type { StudioClock } from '../time/studio-clock'

/**
 * Opens the database (migrated, and in demo mode seeded with the demo studio when empty) and makes the context
 * every handler and service gets, on the studio clock (whose offset the database keeps from then on). The database is closed again if the seeding fails.
 *
 * @example
 * ```ts
 * const clock = createStudioClock(settings.now)
 * const ctx = openGatewayContext(settings, clock)
 * ```
 */
export function openGatewayContext(settings: GatewaySettings, clock: StudioClock): GatewayContext {
  const db = openDatabase(settings.db)
  clock.attach(db)
  const ctx: GatewayContext = {
    db,
    now: clock.now,
    demo: settings.demo,
    prefix: settings.prefix,
    log: settings.log,
    limits: settings.limits,
    trustProxy: settings.trustProxy,
    reminderMinutes: settings.reminderMinutes,
  }
  if (settings.publicDemo) {
    ctx.log(
      `demo mode on ${settings.host} on purpose (GATEWAY_DEMO_PUBLIC): random merchant keys, no dev API`,
    )
    ctx.log(
      `demo mode on ${settings.host}, which is not a loopback address: the dev API (/__dev) is not mounted`,
    )
  }
  if (ctx.demo) closeOnError(ctx, () => seedDemo(db, ctx.now()))
  return ctx
}

/** Runs `open` (a step of start-up after the database opened); closes the database when it throws. */
export function closeOnError<T>(ctx: GatewayContext, open: () => T): T {
  try {
    return open()
  } catch (error) {
    ctx.db.close()
    throw error
  }
}
