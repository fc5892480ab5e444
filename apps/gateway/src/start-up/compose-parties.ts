// The composition of the outside parties: the one file outside `emulation/` that imports from it (a test pins
// that). Each party is a port the real code talks to (WeChat's server: `WechatApi`; the WeChat Pay platform:
// `PayPlatform`; the SMS and template-message providers: `MessageSender`); here demo mode picks the emulated ones,
// and otherwise the real ones.
import { randomBytes } from 'node:crypto'
import type { GatewayContext } from '../core/context'
import { createEmulatedMessageProvider } from '../emulation/messages/message-providers'
import { mountMessagesDevRoutes } from '../emulation/messages/messages-dev-routes'
import { emulatedWechatDefaults } from '../emulation/wechat/wechat-account'
import { mountWechatDemoRoutes } from '../emulation/wechat/wechat-routes'
import { createDemoWechatApi } from '../emulation/wechat/wechat-server'
import { mountPayDevRoutes } from '../emulation/wechat-pay/wechat-pay-dev-routes'
import { DEMO_PAY_PATH, demoPayFormPaths, mountDemoPayPages } from '../emulation/wechat-pay/wechat-pay-pages'
import {
  createPayPlatformEmulator,
  type PayPlatformEmulator,
} from '../emulation/wechat-pay/wechat-pay-platform'
import { createWechatApi } from '../parties/wechat/wechat-api'
import type { WechatApi, WechatRuntime } from '../parties/wechat/wechat-port'
import { resolveWechatSettings, type WechatSettings } from '../parties/wechat/wechat-settings'
import { type PaySettings, resolvePaySettings } from '../parties/wechat-pay/pay-settings'
import { createWechatPayApi } from '../parties/wechat-pay/wechat-pay-api'
import type { PayPlatform } from '../parties/wechat-pay/wechat-pay-port'
import type { Api } from '../routes/gateway-env'
import type { MessageSender } from '../services/outbox'
import { logSender } from '../time/scheduler'

export type { PayPlatformEmulator } from '../emulation/wechat-pay/wechat-pay-platform'

/** What the parties are made from: the gateway's options that concern them. */
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
 * The outside parties in force, each behind its port. Outside demo mode nothing here is emulated and
 * `mountEmulation` mounts nothing.
 */
export interface Parties {
  /** The merchant settings; `null` when online payment is off. */
  pay: PaySettings | null
  /** The WeChat Pay platform the gateway asks about an order; none when there is no way to ask. */
  payPlatform: PayPlatform | undefined
  /** Demo mode's emulated WeChat Pay platform (tests pay and sign notifications with it); none otherwise. */
  payEmulator: PayPlatformEmulator | undefined
  /** The WeChat settings (every field empty when off). */
  wechat: WechatSettings
  /** The official account's server, real or emulated; `null` when WeChat is off. */
  wechatRuntime: WechatRuntime | null
  /** The SMS and template-message providers of the outbox. */
  send: MessageSender
  /** Mounts the emulated parties' routes on the API (WeChat's pages; with `devApi`, their dev routes). */
  mountEmulation(api: Api, devApi: boolean): void
  /** Paths whose POST bodies are HTML forms, read by their own routes (the emulated pay platform's page). */
  formPaths: string[]
}

/**
 * Picks every outside party: the emulated ones in demo mode, the real ones otherwise.
 *
 * @example
 * ```ts
 * const parties = composeParties(ctx, { pay: readPayEnv(process.env) })
 * startScheduler(ctx, { send: parties.send })
 * ```
 */
export function composeParties(ctx: GatewayContext, options: PartyOptions = {}): Parties {
  return ctx.demo ? emulatedParties(ctx, options) : realParties(ctx, options)
}

function realParties(ctx: GatewayContext, options: PartyOptions): Parties {
  const wechat = resolveWechatSettings(options.wechat)
  const pay = resolvePaySettings(options.pay, false)
  return {
    pay,
    // Without the merchant's private key there is no asking: the notification settles alone.
    payPlatform: pay?.privateKeyPem
      ? createWechatPayApi(pay, { now: ctx.now, ...(options.payApiBase ? { base: options.payApiBase } : {}) })
      : undefined,
    payEmulator: undefined,
    wechat,
    wechatRuntime: runtimeOf(wechat, () => realWechatApi(ctx, wechat), options),
    // No SMS or template-message provider is set up: each message goes to the log.
    send: logSender(ctx),
    mountEmulation() {},
    formPaths: [],
  }
}

function emulatedParties(ctx: GatewayContext, options: PartyOptions): Parties {
  // The demo plays WeChat Pay's platform: its key pair is made here, its public key trusted like a real one's.
  const platform = createPayPlatformEmulator({ checkoutPath: `${ctx.prefix}${DEMO_PAY_PATH}/checkout` })
  const pay = resolvePaySettings(
    {
      ...(options.publicDemo ? { apiV3Key: randomBytes(16).toString('hex') } : {}),
      ...options.pay,
      platformKeys: { ...options.pay?.platformKeys, [platform.serial]: platform.publicKeyPem },
    },
    true,
  )
  const wechat = resolveWechatSettings(options.wechat, emulatedWechatDefaults(ctx.prefix))
  return {
    pay,
    payPlatform: platform,
    payEmulator: platform,
    wechat,
    // A real account's secret given in demo mode means the real WeChat.
    wechatRuntime: runtimeOf(
      wechat,
      () => (wechat.emulated ? createDemoWechatApi(ctx) : realWechatApi(ctx, wechat)),
      options,
    ),
    send: createEmulatedMessageProvider(ctx, { acceptDelayMs: options.providerDelayMs }),
    mountEmulation(api, devApi) {
      if (wechat.emulated) mountWechatDemoRoutes(api, ctx, wechat.appId)
      if (pay) mountDemoPayPages(api, ctx, pay, platform)
      if (devApi) {
        mountPayDevRoutes(api, ctx, pay, platform)
        mountMessagesDevRoutes(api, ctx)
      }
    },
    formPaths: pay ? demoPayFormPaths(ctx.prefix) : [],
  }
}

const realWechatApi = (ctx: GatewayContext, wechat: WechatSettings): WechatApi =>
  createWechatApi({ appId: wechat.appId, appSecret: wechat.appSecret, apiBase: wechat.apiBase, now: ctx.now })

// WeChat as the routes see it; `null` without an app id (WeChat off).
const runtimeOf = (
  wechat: WechatSettings,
  api: () => WechatApi,
  options: PartyOptions,
): WechatRuntime | null =>
  wechat.appId ? { appId: wechat.appId, api: api(), pageOrigins: options.appOrigins ?? [] } : null
