import type { AddressInfo } from 'node:net'
import { GATEWAY_PREFIX, RULES } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { GatewayServerError } from '../core/gateway-server-error'
import { openDatabase } from '../db/database'
import { startRecordPruner } from '../db/record-pruner'
import { seedDemo } from '../db/seed'
import { createDemoScheduleTopUp } from '../dev/demo-schedule'
import { createFaultStore } from '../dev/faults'
import { DEFAULT_LIMITS, type GatewayLimits } from '../limits/gateway-limits'
import { createRateWindow } from '../limits/rate-window'
import type { Parties, PartyOptions } from '../parties/parties'
import type { WechatSettings } from '../parties/wechat/wechat-settings'
import type { PaySettings } from '../parties/wechat-pay/pay-settings'
import { isLoopback, urlHost } from '../server/loopback'
import { createNodeServer, type NodeServer } from '../server/node-server'
import { runDueWork, type SchedulerOptions, startScheduler } from '../time/scheduler'
import { createStudioClock } from '../time/studio-clock'
import { createApp } from './app'
import { composeParties } from './compose-parties'

/**
 * Options of {@link createGateway} and {@link startGateway}; every one has a default.
 *
 * @example
 * ```ts
 * const options: GatewayOptions = { port: 0, demo: true, db: ':memory:', now: () => new Date('2025-06-02T02:00:00Z') }
 * ```
 */
export interface GatewayOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number
  /** Interface to listen on. Default `127.0.0.1`; `0.0.0.0` to reach it from a phone on the LAN. */
  host?: string
  /** Base path of the API. Default `/dance-gateway`. */
  prefix?: string
  /** `:memory:` (the default) or a database file path (created with its folder if missing). */
  db?: string
  /**
   * Demo mode: seed demo data when empty, emulate the outside parties, and mount the dev API. Only on a loopback
   * `host`: elsewhere the gateway refuses to start in demo mode unless `demoOnPublicHost` says so. Default `false`.
   */
  demo?: boolean
  /**
   * Demo mode on a non-loopback `host`, on purpose (`GATEWAY_DEMO_PUBLIC=1`): then the dev API stays off, the demo
   * merchant's API v3 key is replaced by a random one, and the log says so. Default `false`.
   */
  demoOnPublicHost?: boolean
  /** The clock seam. Default `() => new Date()`. */
  now?: () => Date
  /** Origins allowed to call the API cross-origin with credentials. Default none (same origin only). */
  corsOrigins?: readonly string[]
  /**
   * The origins the app's pages are served from, e.g. `https://h5.studio.example` (`GATEWAY_APP_ORIGINS`): only their
   * URLs get a WeChat JS-SDK signature. Default none: the gateway's own origin only.
   */
  appOrigins?: readonly string[]
  /** Where log lines go. Default: nowhere. */
  log?: (line: string) => void
  /** How long `close()` waits for in-flight requests before cutting them off. Default 10 000 ms. */
  shutdownGraceMs?: number
  /** WeChat Pay's API base for order queries (`WECHATPAY_API_BASE`). Default `https://api.mch.weixin.qq.com`. */
  payApiBase?: string
  /** WeChat Pay merchant settings (README, "Payment settings"). Demo mode fills the rest with the demo merchant. */
  pay?: Partial<PaySettings>
  /**
   * The official account and the icon-font script (README, "WeChat settings"). Demo mode fills what is not given
   * with its own emulation of WeChat; `false` turns every one off, demo mode included.
   */
  wechat?: Partial<WechatSettings> | false
  /**
   * Demo mode: how long the emulated SMS and template-message providers take to answer after accepting a message
   * (`GATEWAY_DEMO_PROVIDER_DELAY_MS`), to stage a crash between their accepting and the outbox marking. Default 0.
   */
  demoProviderDelayMs?: number
  /** The due-time scheduler: its interval, or `every` to drive it by hand in a test. */
  scheduler?: SchedulerOptions
  /** Abuse limits (codes sent, wrong codes, records kept); each unset one keeps its default, {@link DEFAULT_LIMITS}. */
  limits?: Partial<GatewayLimits>
  /**
   * The gateway is behind a reverse proxy that appends the client's address to `X-Forwarded-For`: per-address
   * limits key on that address instead of the socket's (which would be the proxy's). Default `false`: the header is
   * ignored, since any client can write it.
   */
  trustProxy?: boolean
  /** The studio's reminder lead time in minutes, 1 to 10 080 (`GATEWAY_REMINDER_MINUTES`). Default 120. */
  reminderMinutes?: number
}

/**
 * A gateway listening on a socket.
 *
 * @example
 * ```ts
 * const gateway: RunningGateway = await startGateway({ demo: true })
 * await page.goto(gateway.url)
 * await gateway.close()
 * ```
 */
export interface RunningGateway {
  /** Origin, e.g. `http://127.0.0.1:40123` (on a wildcard address, the loopback origin that reaches it). */
  url: string
  port: number
  /** The address really bound, as it goes in a URL: `127.0.0.1`, `0.0.0.0`, `[::1]`, `[::]`. */
  address: string
  /** Whether the dev API is mounted: demo mode on a loopback address. */
  devApi: boolean
  /** The API base: `url` + prefix. */
  apiUrl: string
  /** Same as {@link Gateway.fetchInside}. */
  fetchInside(request: Request): Promise<Response>
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>
}

/**
 * A gateway with its database open, not yet listening.
 *
 * @example
 * ```ts
 * const gateway: Gateway = createGateway({ demo: true })
 * const running = await gateway.listen()
 * await running.close()
 * ```
 */
export interface Gateway {
  /** Answers one request in-process, without a socket (a `drop` fault rejects, like a network failure). */
  fetch(request: Request): Promise<Response>
  /**
   * Answers one API request in process as a caller inside the deployment is answered (the app's server renderer
   * running beside the gateway): no fault injection (faults stand for a phone's network), no CORS, no dev API.
   */
  fetchInside(request: Request): Promise<Response>
  /** Starts listening; resolves once the port is bound. */
  listen(): Promise<RunningGateway>
  /** Same as {@link RunningGateway.close}; safe to call more than once, listening or not. */
  close(): Promise<void>
}

const PREFIX_RE = /^(\/[A-Za-z0-9._~-]+)+$/

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
  return openGateway(options, (ctx, partyOptions) => composeParties(ctx, partyOptions).parties)
}

/** Makes the outside parties of a gateway from its context: `compose-parties.ts`, or a test's wrapper of it. */
export type ComposeParties = (ctx: GatewayContext, options: PartyOptions) => Parties

/**
 * {@link createGateway} with the composition of its parties given: a test's helper (`testing/test-gateway.ts`) keeps
 * the emulators it composed, which no public type shows.
 */
export function openGateway(options: GatewayOptions, compose: ComposeParties): Gateway {
  const prefix = options.prefix ?? GATEWAY_PREFIX
  if (!PREFIX_RE.test(prefix)) {
    throw new GatewayServerError(
      'config',
      'INVALID_PREFIX',
      `The prefix must look like /dance-gateway (a leading slash, no trailing slash); got ${JSON.stringify(prefix)}.`,
    )
  }
  const port = options.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new GatewayServerError(
      'config',
      'INVALID_PORT',
      `The port must be an integer from 0 to 65535; got ${port}.`,
    )
  }
  // The studio's clock: the seam plus what the dev API moved it forward by.
  const reminder = options.reminderMinutes
  if (reminder !== undefined && (!Number.isInteger(reminder) || reminder < 1 || reminder > 10_080)) {
    throw new GatewayServerError(
      'config',
      'INVALID_REMINDER',
      `The reminder lead time must be a whole number of minutes from 1 to 10080; got ${reminder}.`,
    )
  }
  const clock = createStudioClock(options.now ?? (() => new Date()))
  const db = openDatabase(options.db ?? ':memory:')
  const ctx: GatewayContext = {
    db,
    now: clock.now,
    demo: options.demo ?? false,
    prefix,
    log: options.log ?? (() => {}),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    trustProxy: options.trustProxy ?? false,
    reminderMinutes: options.reminderMinutes ?? RULES.reminderMinutes,
  }
  if (ctx.demo) {
    try {
      seedDemo(db, ctx.now())
    } catch (error) {
      db.close()
      throw error
    }
  }

  const host = options.host ?? '127.0.0.1'
  let parties: Parties
  try {
    const publicDemo = ctx.demo && !isLoopback(host)
    if (publicDemo && !options.demoOnPublicHost) {
      throw new GatewayServerError(
        'config',
        'DEMO_ON_PUBLIC_HOST',
        `Demo mode on ${host}, which is not a loopback address: anyone who can reach it could use the demo's merchant and emulated WeChat. Use HOST=127.0.0.1, or set GATEWAY_DEMO_PUBLIC=1 to do it on purpose (fresh random keys, no dev API).`,
      )
    }
    if (publicDemo) {
      ctx.log(`demo mode on ${host} on purpose (GATEWAY_DEMO_PUBLIC): random merchant keys, no dev API`)
    }
    // Every outside party, real or (demo mode) emulated: picked in one place, compose-parties.ts.
    parties = compose(ctx, {
      pay: options.pay,
      wechat: options.wechat,
      appOrigins: options.appOrigins,
      publicDemo,
      providerDelayMs: options.demoProviderDelayMs,
      payApiBase: options.payApiBase,
    })
  } catch (error) {
    db.close()
    throw error
  }
  // The due-time work, and in demo mode first the schedule's top-up when the studio's day changed.
  const topUp = ctx.demo ? createDemoScheduleTopUp(ctx) : () => 0
  const dueWork = () => {
    topUp()
    return runDueWork(ctx, parties.messages)
  }
  const scheduler = startScheduler(ctx, dueWork, options.scheduler)

  const grace = new AbortController()
  let closing = false
  const pruner = startRecordPruner({ db, limits: ctx.limits, now: ctx.now, log: ctx.log })
  const perMinute = (max: number) => createRateWindow(max, 60_000, ctx.now)
  // The dev API hands out codes and cards: only where nobody but this machine can reach it.
  const devApi = ctx.demo && isLoopback(host)
  if (ctx.demo && !devApi) {
    ctx.log(`demo mode on ${host}, which is not a loopback address: the dev API (/__dev) is not mounted`)
  }
  const { app, inside } = createApp(ctx, {
    devApi,
    faults: createFaultStore(),
    recordLimiters: {
      reports: perMinute(ctx.limits.recordsPerAddressPerMinute),
      traces: perMinute(ctx.limits.recordsPerAddressPerMinute),
      clientErrors: perMinute(ctx.limits.clientErrorsPerAddressPerMinute),
    },
    corsOrigins: options.corsOrigins ?? [],
    shutdownSignal: grace.signal,
    isClosing: () => closing,
    parties,
    runScheduler: () => scheduler.tick(),
    studioClock: clock,
  })

  let server: NodeServer | undefined
  let closed: Promise<void> | undefined
  const shutdown = async () => {
    closing = true
    scheduler.stop()
    await server?.drain()
    pruner.stop()
    db.close()
  }
  const close = () => {
    closed ??= shutdown()
    return closed
  }
  const fetchInside = async (request: Request) => inside.fetch(request, {})

  return {
    fetch: async (request) => app.fetch(request, {}),
    fetchInside,
    close,
    async listen() {
      if (server)
        throw new GatewayServerError('listen', 'ALREADY_LISTENING', 'The gateway is already listening.')
      if (closing) throw new GatewayServerError('listen', 'CLOSED', 'The gateway has been closed.')
      const created = createNodeServer({
        fetch: app.fetch,
        port,
        host,
        graceMs: options.shutdownGraceMs ?? 10_000,
        grace,
      })
      server = created
      let bound: AddressInfo
      try {
        bound = await created.listen()
      } catch (error) {
        server = undefined
        throw error
      }
      const wildcard = bound.address === '0.0.0.0' || bound.address === '::'
      const url = `http://${wildcard ? '127.0.0.1' : urlHost(bound.address)}:${bound.port}`
      return {
        url,
        port: bound.port,
        address: urlHost(bound.address),
        devApi,
        apiUrl: `${url}${prefix}`,
        fetchInside,
        close,
      }
    },
  }
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
