import type { GatewayContext } from '../core/context'
import { clientSettingsOf } from '../parties/wechat/client-settings'
import type { WechatSettings } from '../parties/wechat/wechat-settings'
import { endpointRoutes } from './endpoint-route'
import type { Api } from './gateway-env'

/**
 * `GET /client-settings`: what a page of the app needs to know about this deployment (the official account, WeChat's
 * addresses, the icon font). The same for everyone and fixed for the process's life, so it is computed once.
 */
export function mountClientSettingsRoutes(api: Api, ctx: GatewayContext, wechat: WechatSettings): void {
  const settings = clientSettingsOf(wechat)
  endpointRoutes(api, ctx)('GET /client-settings', () => settings)
}
