import { ERROR_CODES, RULES, VISIT_REPORT_PATH } from '@xdance/contract'
import { type ErrorHandler, Hono } from 'hono'
import { compress } from 'hono/compress'
import { cors } from 'hono/cors'
import type { GatewayContext } from './context'
import { isDatabaseBusy } from './db/database-error'
import { checkHealth } from './db/health'
import { fail } from './envelope'
import type { FaultStore } from './faults'
import { GatewayServerError, Refusal } from './gateway-server-error'
import { limitBody } from './middleware/body-limit'
import { injectFaults } from './middleware/fault-injection'
import { readJsonBody } from './middleware/json-body'
import { responseHeaders } from './middleware/response-headers'
import type { PayPlatform } from './pay/pay-platform'
import type { PaySettings } from './pay/pay-settings'
import { mountAccountRoutes } from './routes/account-routes'
import { mountAuthRoutes } from './routes/auth-routes'
import { mountDevCommerceRoutes } from './routes/dev-commerce-routes'
import { mountDevRoutes } from './routes/dev-routes'
import type { Api, GatewayEnv } from './routes/gateway-env'
import { mountNoticeRoutes } from './routes/notice-routes'
import { mountRecordRoutes, type RecordLimiters } from './routes/record-routes'
import { mountShopRoutes } from './routes/shop-routes'
import { mountStudioRoutes } from './routes/studio-routes'
import { mountWaitlistRoutes } from './routes/waitlist-routes'
import { mountWechatRoutes, type WechatRuntime } from './routes/wechat-routes'
import type { TickResult } from './scheduler'
import { appSettingsOf } from './static/app-settings'
import { pageRenderer } from './static/page-renderer'
import { STATIC_HEADERS } from './static/security-headers'
import { serveStatic } from './static/static-files'
import type { WechatSettings } from './wechat/wechat-settings'

export interface AppOptions {
  faults: FaultStore
  corsOrigins: readonly string[]
  /** Aborted when the grace period of a shutdown runs out, cutting fault delays short. */
  shutdownSignal: AbortSignal
  isClosing(): boolean
  /** The WeChat Pay merchant settings; `null` when online payment is off. */
  pay: PaySettings | null
  /** The WeChat Pay platform to ask about an order (the real API, or in demo mode the emulated one). */
  payPlatform?: PayPlatform | undefined
  /** One run of the scheduler's due work now, with its message sender (the dev API's tick). */
  runScheduler: () => TickResult
  /**
   * Mounts the emulated outside parties' routes (demo mode; `parties.ts` picks them): WeChat's pages and, with the
   * dev API, their dev routes. Outside demo mode it mounts nothing, so no emulated route exists.
   */
  mountEmulation(api: Api, devApi: boolean): void
  /** Mount the dev API (demo mode on a loopback address). */
  devApi: boolean
  /** Per-address counters of visit reports and trace marks. */
  recordLimiters: RecordLimiters
  /**
   * The app's server renderer module (`apps/h5/dist-server/render-page.js`): navigations of signed-out visitors get
   * their page rendered with its data. `false`: index.html only.
   */
  serverRender: string | false
  /** The WeChat and icon-font settings (every field empty when off). */
  wechat: WechatSettings
  /** The official account's server, real or emulated; `null` when WeChat is off. */
  wechatRuntime: WechatRuntime | null
}

/** Seconds a client is asked to wait after a 503 for a locked database. */
const BUSY_RETRY_AFTER_S = 1

/** The origin of the gateway's own in-process calls (never on a socket). */
const INTERNAL_ORIGIN = 'http://gateway.internal'

/** Builds the whole gateway as one Hono app: `/healthz`, the API under the prefix, and the H5 app at `/`. */
export function createApp(ctx: GatewayContext, options: AppOptions): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>()
  // gzip (or deflate) for text over 1 KB when the client accepts it, as a production gateway or CDN does:
  // the app's entry chunk is about 360 KB raw and about 115 KB gzipped.
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
  // The server renderer's loaders call the API in process: no fault injection (that stands for the network between
  // a phone and the gateway, which these calls never cross), no CORS, no dev API.
  const internal = new Hono<GatewayEnv>().route(ctx.prefix, createApi(ctx, options, 'inside'))
  internal.onError(onError)
  const render =
    options.serverRender === false
      ? undefined
      : pageRenderer(options.serverRender, {
          fetch: async (request) => internal.fetch(request),
          apiBase: `${INTERNAL_ORIGIN}${ctx.prefix}`,
          log: ctx.log,
        })

  const settings = appSettingsOf(options.wechat)
  app.all('*', async (c) => {
    const path = new URL(c.req.url).pathname
    if (path === ctx.prefix || path.startsWith(`${ctx.prefix}/`)) {
      throw new Refusal('NOT_FOUND', { msg: '接口不存在' })
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.text('Method Not Allowed', 405, { allow: 'GET, HEAD', ...STATIC_HEADERS })
    }
    return serveStatic(
      ctx.staticDir,
      {
        method: c.req.method,
        path: rawPath(c.req.url),
        ifNoneMatch: c.req.header('if-none-match'),
        render: render && ((template) => render(c.req.raw, template)),
      },
      ctx.prefix,
      settings,
    )
  })

  return app
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
    readJsonBody((path) => path === beacon),
  )

  mountRecordRoutes(api, ctx, options.recordLimiters)
  mountAuthRoutes(api, ctx)
  mountStudioRoutes(api, ctx)
  mountAccountRoutes(api, ctx)
  mountWaitlistRoutes(api, ctx)
  mountShopRoutes(api, ctx, options.pay, options.payPlatform)
  mountNoticeRoutes(api, ctx)
  mountWechatRoutes(api, ctx, options.wechatRuntime)
  if (options.devApi && caller === 'outside') {
    mountDevRoutes(api, ctx, options.faults, () => {
      options.recordLimiters.reports.clear()
      options.recordLimiters.traces.clear()
    })
    mountDevCommerceRoutes(api, ctx, options.runScheduler)
  }
  // After the dev routes, so that their same-origin guard covers the emulation's dev routes too.
  if (caller === 'outside') options.mountEmulation(api, options.devApi)
  api.all('*', () => {
    throw new Refusal('NOT_FOUND', { msg: '接口不存在' })
  })
  return api
}

// The path as sent, still percent-encoded, so the static handler decodes exactly once.
function rawPath(url: string): string {
  const afterHost = url.indexOf('/', url.indexOf('//') + 2)
  const path = afterHost === -1 ? '/' : url.slice(afterHost)
  const end = path.search(/[?#]/)
  return end === -1 ? path : path.slice(0, end)
}
