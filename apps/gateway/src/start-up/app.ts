import { ERROR_CODES, RULES, VISIT_REPORT_PATH } from '@xdance/contract'
import { type ErrorHandler, Hono } from 'hono'
import { compress } from 'hono/compress'
import { cors } from 'hono/cors'
import type { GatewayContext } from '../core/context'
import { fail } from '../core/envelope'
import { GatewayServerError, Refusal } from '../core/gateway-server-error'
import { isDatabaseBusy } from '../db/database-error'
import { checkHealth } from '../db/health'
import type { FaultStore } from '../dev/faults'
import { limitBody } from '../middleware/body-limit'
import { injectFaults } from '../middleware/fault-injection'
import { readJsonBody } from '../middleware/json-body'
import { responseHeaders } from '../middleware/response-headers'
import type { Parties } from '../parties/parties'
import { mountAccountRoutes } from '../routes/account-routes'
import { mountActionRoutes } from '../routes/action-routes'
import { mountAuthRoutes } from '../routes/auth-routes'
import { mountClientErrorRoutes } from '../routes/client-error-routes'
import { mountClientSettingsRoutes } from '../routes/client-settings-routes'
import { mountDevClockRoutes } from '../routes/dev-clock-routes'
import { mountDevCommerceRoutes } from '../routes/dev-commerce-routes'
import { mountDevFrontDeskRoutes } from '../routes/dev-front-desk-routes'
import { mountDevRoutes } from '../routes/dev-routes'
import { mountDevStudioRoutes } from '../routes/dev-studio-routes'
import type { GatewayEnv } from '../routes/gateway-env'
import { mountNoticeRoutes } from '../routes/notice-routes'
import { mountRecordRoutes, type RecordLimiters } from '../routes/record-routes'
import { mountShopRoutes } from '../routes/shop-routes'
import { mountStudioRoutes } from '../routes/studio-routes'
import { mountWaitlistRoutes } from '../routes/waitlist-routes'
import { mountWechatRoutes } from '../routes/wechat-routes'
import type { TickResult } from '../time/scheduler'
import type { StudioClock } from '../time/studio-clock'

export interface AppOptions {
  faults: FaultStore
  corsOrigins: readonly string[]
  /** Aborted when the grace period of a shutdown runs out, cutting fault delays short. */
  shutdownSignal: AbortSignal
  isClosing(): boolean
  /** Every outside party, each behind its port (`compose-parties.ts` picks them), with demo mode's emulation. */
  parties: Parties
  /** One run of the scheduler's due work now, with its message sender (the dev API's tick). */
  runScheduler: () => TickResult
  /** The studio's clock, which the dev API moves forward. */
  studioClock: StudioClock
  /** Mount the dev API (demo mode on a loopback address). */
  devApi: boolean
  /** Per-address counters of visit reports and trace marks. */
  recordLimiters: RecordLimiters
}

/** Seconds a client is asked to wait after a 503 for a locked database. */
const BUSY_RETRY_AFTER_S = 1

/**
 * Builds the whole gateway as one Hono app: `/healthz` and the API under the prefix; nothing else (the app serves its
 * own pages, see the root README). `inside` answers the same API to a caller inside the deployment, in process: the
 * app's server renderer beside it, whose calls never cross a phone's network (no fault injection, CORS or dev API).
 */
export function createApp(
  ctx: GatewayContext,
  options: AppOptions,
): { app: Hono<GatewayEnv>; inside: Hono<GatewayEnv> } {
  const app = new Hono<GatewayEnv>()
  // gzip (or deflate) for text over 1 KB when the client accepts it, as a production gateway does: a week's
  // schedule is tens of KB of JSON.
  app.use('*', compress())
  app.use('*', responseHeaders(ctx.prefix))

  const onError: ErrorHandler<GatewayEnv> = (error, c) => {
    if (Refusal.isInstance(error)) {
      return c.json(fail(error.envelopeCode, error.message, error.tips, error.data), error.httpStatus)
    }
    // Another process holds the database's lock: say so at once rather than queue behind it (README, "Database").
    if (isDatabaseBusy(error)) {
      ctx.log(`database busy on ${c.req.method} ${c.req.path}: answered 503`)
      return c.json(fail(ERROR_CODES.BUSY.code, ERROR_CODES.BUSY.msg), 503, {
        'retry-after': String(BUSY_RETRY_AFTER_S),
        'cache-control': 'no-store',
      })
    }
    // In-process (no socket) a dropped connection can only be mimicked by failing the fetch itself.
    if (GatewayServerError.isInstance(error) && error.kind === 'dropped') throw error
    // Whatever else went wrong stays in the log; the client gets the catalogue's message, never a stack.
    ctx.log(
      `error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
    return c.json(fail(ERROR_CODES.INTERNAL.code, ERROR_CODES.INTERNAL.msg), 200)
  }
  app.onError(onError)

  // Ready means the database answers a read and a write, not merely that the process is up.
  app.get('/healthz', (c) => {
    if (options.isClosing()) return c.json({ status: 'closing' }, 503, { 'cache-control': 'no-store' })
    const reason = checkHealth(ctx.db, ctx.now())
    if (reason !== undefined) {
      ctx.log(`health check failed: ${reason}`)
      return c.json({ status: 'error', reason }, 503, { 'cache-control': 'no-store' })
    }
    return c.json({ status: 'ok', demo: ctx.demo }, 200, { 'cache-control': 'no-store' })
  })

  app.route(ctx.prefix, createApi(ctx, options, 'outside'))
  // Anything else is not the gateway's: a plain 404 (the API's own unknown paths get the envelope's).
  app.all('*', (c) =>
    c.text('Not Found: this is the xdance gateway; its API is under the prefix.', 404, {
      'cache-control': 'no-store',
    }),
  )
  const inside = new Hono<GatewayEnv>().route(ctx.prefix, createApi(ctx, options, 'inside'))
  inside.onError(onError)
  return { app, inside }
}

// The API under the prefix: the routes, with the middleware every call from outside goes through.
function createApi(ctx: GatewayContext, options: AppOptions, caller: 'outside' | 'inside'): Hono<GatewayEnv> {
  const api = new Hono<GatewayEnv>()
  if (caller === 'outside') {
    if (options.corsOrigins.length > 0) {
      api.use('*', cors({ origin: [...options.corsOrigins], credentials: true }))
    }
    api.use('*', injectFaults(ctx.prefix, options.faults, options.shutdownSignal))
  }
  api.use('*', limitBody(RULES.maxBodyBytes))
  const beacon = `${ctx.prefix}${VISIT_REPORT_PATH}`
  api.use(
    '*',
    readJsonBody((path) => path === beacon || options.parties.emulation.formPaths.includes(path)),
  )

  mountRecordRoutes(api, ctx, options.recordLimiters)
  mountClientErrorRoutes(api, ctx, options.recordLimiters.clientErrors)
  mountActionRoutes(api, ctx)
  mountAuthRoutes(api, ctx, options.parties.messages)
  mountStudioRoutes(api, ctx)
  mountAccountRoutes(api, ctx)
  mountWaitlistRoutes(api, ctx)
  mountShopRoutes(api, ctx, options.parties.pay, options.parties.payPlatform)
  mountNoticeRoutes(api, ctx)
  mountWechatRoutes(api, ctx, options.parties.wechatRuntime)
  mountClientSettingsRoutes(api, ctx, options.parties.wechat)
  if (options.devApi && caller === 'outside') {
    mountDevRoutes(api, ctx, options.faults, () => {
      options.parties.emulation.reset()
      options.recordLimiters.reports.clear()
      options.recordLimiters.traces.clear()
      options.recordLimiters.clientErrors.clear()
    })
    mountDevCommerceRoutes(api, ctx, options.runScheduler)
    mountDevClockRoutes(api, options.studioClock, options.runScheduler)
    mountDevStudioRoutes(api, ctx)
    mountDevFrontDeskRoutes(api, ctx)
  }
  // After the dev routes, so that their same-origin guard covers the emulation's dev routes too.
  if (caller === 'outside') options.parties.emulation.mount(api, options.devApi)
  api.all('*', () => {
    throw new Refusal('NOT_FOUND', { msg: '接口不存在' })
  })
  return api
}
