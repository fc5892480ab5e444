import type { GatewayContext } from '../core/context'
import { startRecordPruner } from '../db/record-pruner'
import { createDemoScheduleTopUp } from '../dev/demo-schedule'
import { createFaultStore } from '../dev/faults'
import { createRateWindow } from '../limits/rate-window'
import type { Parties, PartyOptions } from '../parties/parties'
import type { RecordLimiters } from '../routes/record-routes'
import {
  type GatewayOptions,
  type GatewaySettings,
  resolveGatewaySettings,
} from '../settings/gateway-options'
import { runDueWork, startScheduler, type TickResult } from '../time/scheduler'
import { createStudioClock } from '../time/studio-clock'
import { createApp } from './app'
import { composeParties } from './compose-parties'
import { closeOnError, openGatewayContext } from './gateway-context'
import { createClosing, type Gateway, type RunningGateway, serveGateway } from './gateway-server'

/**
 * Opens the database (migrating it, and seeding demo data in demo mode) and builds the gateway, without listening.
 *
 * @example
 * ```ts
 * import { createGateway } from '@xdance/gateway'
 * const gateway = createGateway({ demo: true })
 * const res = await gateway.fetch(new Request('http://local/dance-gateway/org'))
 * console.log((await res.json()).data.name)
 * await gateway.close()
 * ```
 */
export function createGateway(options: GatewayOptions = {}): Gateway {
  return openGateway(resolveGatewaySettings(options), (ctx, parties) => composeParties(ctx, parties).parties)
}

/**
 * Starts a gateway on a socket: the one call tests and other packages' end-to-end tests need.
 *
 * @example
 * ```ts
 * import { startGateway } from '@xdance/gateway'
 * const gateway = await startGateway({ demo: true })
 * const res = await fetch(`${gateway.apiUrl}/classes`)
 * console.log((await res.json()).data.list.length)
 * await gateway.close()
 * ```
 */
export async function startGateway(options: GatewayOptions = {}): Promise<RunningGateway> {
  return listenOrClose(createGateway(options))
}

/** Starts a created gateway listening; closes it (its database) when it cannot listen. */
export async function listenOrClose(gateway: Gateway): Promise<RunningGateway> {
  try {
    return await gateway.listen()
  } catch (error) {
    await gateway.close()
    throw error
  }
}

const NOTHING_DONE: TickResult = {
  expiredOrders: 0,
  closedWaitlists: 0,
  missedClasses: 0,
  toldFollowers: 0,
  dueNotices: 0,
  sent: 0,
}

/** Makes the outside parties of a gateway from its context: `compose-parties.ts`, or a test's wrapper of it. */
export type ComposeParties = (ctx: GatewayContext, options: PartyOptions) => Parties

/**
 * Builds a gateway from checked settings and a composition of its parties: the context (database, studio clock),
 * the parties, the background work (the scheduler, with demo mode's schedule top-up; the record pruner), the app,
 * and its life (`gateway-server.ts`). {@link createGateway} composes the parties with `compose-parties.ts`; the
 * tests' helper (`testing/test-gateway.ts`) wraps that to keep the emulators, which no public type shows.
 */
export function openGateway(settings: GatewaySettings, compose: ComposeParties): Gateway {
  // The studio's clock: the seam plus what the dev API moved it forward by.
  const clock = createStudioClock(settings.now)
  const ctx = openGatewayContext(settings, clock)
  const parties = closeOnError(ctx, () => compose(ctx, settings.parties))
  const topUp = ctx.demo ? createDemoScheduleTopUp(ctx) : () => 0
  const scheduler = startScheduler(
    ctx,
    // Once across instances on one database: an instance whose turn comes while another runs it skips this turn
    // (nothing is lost: the work is read from the database, and the next turn finds what is still due).
    () =>
      ctx.db.exclusive('due-work', () => {
        topUp()
        return runDueWork(ctx, parties.messages)
      }) ?? NOTHING_DONE,
    settings.scheduler,
  )
  const pruner = startRecordPruner({ db: ctx.db, limits: ctx.limits, now: ctx.now, log: ctx.log })
  const closing = createClosing()
  const { app, inside } = createApp(ctx, {
    devApi: settings.devApi,
    faults: createFaultStore(),
    recordLimiters: recordLimiters(ctx),
    corsOrigins: settings.corsOrigins,
    shutdownSignal: closing.grace.signal,
    isClosing: closing.isClosing,
    parties,
    runScheduler: () => scheduler.tick(),
    studioClock: clock,
  })
  return serveGateway(settings, closing, {
    app,
    inside,
    stopWork: () => scheduler.stop(),
    release() {
      pruner.stop()
      ctx.db.close()
    },
  })
}

// Per-address counters of the sinks, a minute each, shared by every instance on the database.
function recordLimiters(ctx: GatewayContext): RecordLimiters {
  const perMinute = (name: string, max: number) => createRateWindow(ctx.db, name, max, 60_000, ctx.now)
  return {
    reports: perMinute('reports', ctx.limits.recordsPerAddressPerMinute),
    traces: perMinute('traces', ctx.limits.recordsPerAddressPerMinute),
    clientErrors: perMinute('client-errors', ctx.limits.clientErrorsPerAddressPerMinute),
  }
}
