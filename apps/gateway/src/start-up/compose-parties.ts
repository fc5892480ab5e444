// The composition of the outside parties: the one file outside `emulation/` that imports from it (a test pins
// that). Each party is a port the real code talks to (`parties/<party>/<party>-port.ts`: WeChat's server, the WeChat
// Pay platform, the SMS and template-message providers); here demo mode picks the emulated ones, and otherwise the
// real ones.
import { randomBytes } from 'node:crypto'
import type { GatewayContext } from '../core/context'
import { createEmulatedMessages, type EmulatedMessages } from '../emulation/messages/message-providers'
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
import { createLogMessages } from '../parties/messages/log-messages'
import type { Parties, PartyEmulation, PartyOptions } from '../parties/parties'
import { createWechatApi } from '../parties/wechat/wechat-api'
import type { WechatApi, WechatRuntime } from '../parties/wechat/wechat-port'
import { resolveWechatSettings, type WechatSettings } from '../parties/wechat/wechat-settings'
import { resolvePaySettings } from '../parties/wechat-pay/pay-settings'
import { createWechatPayApi } from '../parties/wechat-pay/wechat-pay-api'

export type { EmulatedMessages } from '../emulation/messages/message-providers'
export type { PayPlatformEmulator } from '../emulation/wechat-pay/wechat-pay-platform'

/**
 * The emulated parties themselves, which a test drives or reads (pays and signs notifications with the platform,
 * reads the codes the SMS provider got): demo mode only.
 */
export interface Emulators {
  payPlatform: PayPlatformEmulator
  messages: EmulatedMessages
}

/** The parties the gateway takes, and (demo mode) the emulators behind them, which only tests look at. */
export interface Composition {
  parties: Parties
  emulators: Emulators | undefined
}

/**
 * Picks every outside party: the emulated ones in demo mode, the real ones otherwise. The gateway takes
 * `parties`; `emulators` stay here and in the tests' helper (`testing/test-gateway.ts`), out of every public type.
 *
 * @example
 * ```ts
 * const { parties } = composeParties(ctx, { pay: readPayEnv(process.env) })
 * const { app } = createApp(ctx, { parties, … })
 * ```
 */
export function composeParties(ctx: GatewayContext, options: PartyOptions = {}): Composition {
  return ctx.demo
    ? emulatedParties(ctx, options)
    : { parties: realParties(ctx, options), emulators: undefined }
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
    wechat,
    wechatRuntime: runtimeOf(wechat, () => realWechatApi(ctx, wechat), options),
    // No SMS or template-message provider is set up: each message goes to the log.
    messages: createLogMessages(ctx),
    emulation: NO_EMULATION,
  }
}

function emulatedParties(ctx: GatewayContext, options: PartyOptions): Composition {
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
  const messages = createEmulatedMessages(ctx, { acceptDelayMs: options.providerDelayMs })
  const parties: Parties = {
    pay,
    payPlatform: platform,
    wechat,
    // A real account's secret given in demo mode means the real WeChat.
    wechatRuntime: runtimeOf(
      wechat,
      () => (wechat.emulated ? createDemoWechatApi(ctx) : realWechatApi(ctx, wechat)),
      options,
    ),
    messages,
    emulation: {
      mount(api, devApi) {
        if (wechat.emulated) mountWechatDemoRoutes(api, ctx, wechat.appId)
        if (pay) mountDemoPayPages(api, ctx, pay, platform)
        if (devApi) {
          mountPayDevRoutes(api, ctx, pay, platform)
          mountMessagesDevRoutes(api, ctx, messages)
        }
      },
      formPaths: pay ? demoPayFormPaths(ctx.prefix) : [],
      // The platform forgets its payments with the orders they paid (order numbers start again); the SMS
      // provider, the codes of the sign-ins the reset forgot.
      reset() {
        platform.reset()
        messages.reset()
      },
    },
  }
  return { parties, emulators: { payPlatform: platform, messages } }
}

const NO_EMULATION: PartyEmulation = { mount() {}, formPaths: [], reset() {} }

const realWechatApi = (ctx: GatewayContext, wechat: WechatSettings): WechatApi =>
  createWechatApi({ appId: wechat.appId, appSecret: wechat.appSecret, apiBase: wechat.apiBase, now: ctx.now })

// WeChat as the routes see it; `null` without an app id (WeChat off).
const runtimeOf = (
  wechat: WechatSettings,
  api: () => WechatApi,
  options: PartyOptions,
): WechatRuntime | null =>
  wechat.appId ? { appId: wechat.appId, api: api(), pageOrigins: options.appOrigins ?? [] } : null
