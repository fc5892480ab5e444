import { GATEWAY_PREFIX, RULES } from '@xdance/contract'
import { GatewayServerError } from '../core/gateway-server-error'
import { DEFAULT_LIMITS, type GatewayLimits } from '../limits/gateway-limits'
import type { PartyOptions } from '../parties/parties'
import type { WechatSettings } from '../parties/wechat/wechat-settings'
import type { PaySettings } from '../parties/wechat-pay/pay-settings'
import { isLoopback } from '../server/loopback'
import type { SchedulerOptions } from '../time/scheduler'

/**
 * Options of `createGateway` and `startGateway`; every one has a default. {@link resolveGatewaySettings} checks them
 * and fills the defaults.
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
 * The gateway's settings, checked and with every default filled: what start-up builds the gateway from.
 *
 * @example
 * ```ts
 * resolveGatewaySettings({ demo: true }).devApi // true: demo mode on the loopback default host
 * ```
 */
export interface GatewaySettings {
  port: number
  host: string
  prefix: string
  db: string
  demo: boolean
  /** Demo mode on a non-loopback host, on purpose (`demoOnPublicHost`): random merchant keys, no dev API. */
  publicDemo: boolean
  /** Whether the dev API is mounted: demo mode on a loopback host (it hands out codes and cards). */
  devApi: boolean
  now: () => Date
  log: (line: string) => void
  corsOrigins: readonly string[]
  shutdownGraceMs: number
  limits: Readonly<GatewayLimits>
  trustProxy: boolean
  reminderMinutes: number
  scheduler: SchedulerOptions
  /** What the outside parties are made from (`start-up/compose-parties.ts`). */
  parties: PartyOptions
}

/** A base path as the gateway mounts one: a leading slash, segments of URL-safe characters, no trailing slash. */
const PREFIX_RE = /^(\/[A-Za-z0-9._~-]+)+$/

/** The reminder lead time's bounds, in minutes: one minute to a week. */
const REMINDER_MINUTES = { min: 1, max: 10_080 } as const

/** The longest an emulated provider may be told to wait before answering, in ms. */
const MAX_PROVIDER_DELAY_MS = 999_999

const refuse = (code: string, message: string) => new GatewayServerError('config', code, message)

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max

/**
 * Checks the gateway's options and fills their defaults: the one place an option is checked, whether it came from
 * code (`createGateway`) or from the environment (`readGatewayEnv` turns text into options, then has them checked
 * here). A bad value is a `GatewayServerError` of kind `config` whose message names the option, its environment
 * variable, and what it got.
 *
 * @example
 * ```ts
 * resolveGatewaySettings({ port: 70_000 }) // throws INVALID_PORT: "port (PORT) must be a whole number from 0 to 65535; got 70000."
 * resolveGatewaySettings({}).prefix // '/dance-gateway'
 * ```
 */
export function resolveGatewaySettings(options: GatewayOptions = {}): GatewaySettings {
  const prefix = options.prefix ?? GATEWAY_PREFIX
  if (!PREFIX_RE.test(prefix)) {
    throw refuse(
      'INVALID_PREFIX',
      `prefix (GATEWAY_PREFIX) must look like /dance-gateway (a leading slash, no trailing slash); got ${JSON.stringify(prefix)}.`,
    )
  }
  const port = options.port ?? 0
  if (!isWhole(port, 0, 65_535)) {
    throw refuse('INVALID_PORT', `port (PORT) must be a whole number from 0 to 65535; got ${port}.`)
  }
  const reminderMinutes = options.reminderMinutes ?? RULES.reminderMinutes
  if (!isWhole(reminderMinutes, REMINDER_MINUTES.min, REMINDER_MINUTES.max)) {
    throw refuse(
      'INVALID_REMINDER',
      `reminderMinutes (GATEWAY_REMINDER_MINUTES) must be a whole number of minutes from 1 to 10080 (a week); got ${reminderMinutes}.`,
    )
  }
  const providerDelayMs = options.demoProviderDelayMs ?? 0
  if (!isWhole(providerDelayMs, 0, MAX_PROVIDER_DELAY_MS)) {
    throw refuse(
      'INVALID_PROVIDER_DELAY',
      `demoProviderDelayMs (GATEWAY_DEMO_PROVIDER_DELAY_MS) must be a whole number of milliseconds up to 999999; got ${providerDelayMs}.`,
    )
  }
  for (const origin of options.appOrigins ?? []) checkOrigin(origin)
  const host = options.host ?? '127.0.0.1'
  const demo = options.demo ?? false
  const publicDemo = demo && !isLoopback(host)
  if (publicDemo && !options.demoOnPublicHost) {
    throw refuse(
      'DEMO_ON_PUBLIC_HOST',
      `Demo mode on ${host}, which is not a loopback address: anyone who can reach it could use the demo's merchant and emulated WeChat. Use HOST=127.0.0.1, or set GATEWAY_DEMO_PUBLIC=1 to do it on purpose (fresh random keys, no dev API).`,
    )
  }
  return {
    port,
    host,
    prefix,
    db: options.db ?? ':memory:',
    demo,
    publicDemo,
    devApi: demo && !publicDemo,
    now: options.now ?? (() => new Date()),
    log: options.log ?? (() => {}),
    corsOrigins: options.corsOrigins ?? [],
    shutdownGraceMs: options.shutdownGraceMs ?? 10_000,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    trustProxy: options.trustProxy ?? false,
    reminderMinutes,
    scheduler: options.scheduler ?? {},
    parties: {
      pay: options.pay,
      wechat: options.wechat,
      appOrigins: options.appOrigins,
      publicDemo,
      providerDelayMs,
      payApiBase: options.payApiBase,
    },
  }
}

// Each must be an origin as a browser writes it (scheme, host, port if any; no path), or matching would never hit.
function checkOrigin(origin: string): void {
  let parsed: URL | undefined
  try {
    parsed = new URL(origin)
  } catch {}
  if (!parsed || parsed.origin !== origin) {
    throw refuse(
      'INVALID_APP_ORIGINS',
      `appOrigins (GATEWAY_APP_ORIGINS) must list origins such as https://h5.example.com; got ${JSON.stringify(origin)}.`,
    )
  }
}
