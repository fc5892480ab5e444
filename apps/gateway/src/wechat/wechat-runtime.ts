import type { GatewayContext } from '../context'
import type { WechatRuntime } from '../routes/wechat-routes'
import { createDemoWechatApi } from './demo-wechat'
import { createWechatApi } from './wechat-api'
import type { WechatSettings } from './wechat-settings'

/**
 * The official account the routes talk to: the emulation in demo mode, WeChat's server otherwise, `null` without an
 * app id.
 *
 * @example
 * ```ts
 * const runtime = wechatRuntime(ctx, resolveWechatSettings(undefined, true, ctx.prefix))
 * ```
 */
export function wechatRuntime(
  ctx: GatewayContext,
  settings: WechatSettings,
  pageOrigins: readonly string[] = [],
): WechatRuntime | null {
  if (!settings.appId) return null
  const api = settings.emulated
    ? createDemoWechatApi(ctx)
    : createWechatApi({
        appId: settings.appId,
        appSecret: settings.appSecret,
        apiBase: settings.apiBase,
        now: ctx.now,
      })
  return { appId: settings.appId, api, pageOrigins }
}
