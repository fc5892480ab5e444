import type { Api } from '../routes/gateway-env'
import type { Messages } from './messages/messages-port'
import type { WechatRuntime } from './wechat/wechat-port'
import type { WechatSettings } from './wechat/wechat-settings'
import type { PaySettings } from './wechat-pay/pay-settings'
import type { PayPlatform } from './wechat-pay/wechat-pay-port'

/** What the parties are made from: the gateway's settings that concern them. */
export interface PartyOptions {
  /** WeChat Pay merchant settings given (demo mode fills the rest with the demo merchant). */
  pay?: Partial<PaySettings> | undefined
  /** WeChat settings given; `false`: off, demo mode included. */
  wechat?: Partial<WechatSettings> | false | undefined
  /** The origins of the app's pages (only their URLs get a JS-SDK signature). */
  appOrigins?: readonly string[] | undefined
  /** Demo mode on a non-loopback host on purpose: the demo merchant's API v3 key is replaced by a random one. */
  publicDemo?: boolean | undefined
  /** Demo mode: how long the emulated message providers take to answer after accepting. */
  providerDelayMs?: number | undefined
  /** WeChat Pay's API base for order queries (`WECHATPAY_API_BASE`); default WeChat Pay's own. */
  payApiBase?: string | undefined
}

/**
 * What demo mode adds around the parties, as the gateway sees it: routes to mount, form bodies to leave alone, and
 * memory to forget. Outside demo mode it mounts nothing, names no path and forgets nothing.
 */
export interface PartyEmulation {
  /** Mounts the emulated parties' routes on the API (WeChat's pages; with `devApi`, their dev routes). */
  mount(api: Api, devApi: boolean): void
  /** Paths whose POST bodies are HTML forms, read by their own routes (the emulated pay platform's page). */
  formPaths: readonly string[]
  /** Forgets what the emulated parties recorded (`POST /__dev/reset`). */
  reset(): void
}

/**
 * Every outside party the gateway talks to, each behind its port: the one object the composition file
 * (`start-up/compose-parties.ts`) hands the gateway. Its types are the ports', so nothing here says whether a party
 * is real or emulated.
 *
 * @example
 * ```ts
 * const { app } = createApp(ctx, { parties, … })
 * ```
 */
export interface Parties {
  /** The WeChat Pay merchant settings; `null` when online payment is off. */
  pay: PaySettings | null
  /** The WeChat Pay platform the gateway asks about an order; none when there is no way to ask. */
  payPlatform: PayPlatform | undefined
  /** The WeChat settings (every field empty when off). */
  wechat: WechatSettings
  /** The official account's server; `null` when WeChat is off. */
  wechatRuntime: WechatRuntime | null
  /** The SMS and template-message providers: the sign-in code and the outbox's notices. */
  messages: Messages
  /** Demo mode's routes and memory around the parties; nothing outside demo mode. */
  emulation: PartyEmulation
}
