import { ENDPOINTS } from '@xdance/contract/schemas'
import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { auth } from '../middleware/auth'
import { clientSettingsOf } from '../wechat/client-settings'
import type { WechatSettings } from '../wechat/wechat-settings'
import type { Api } from './gateway-env'

const { getClientSettings: settings } = ENDPOINTS

/**
 * `GET /client-settings`: what a page of the app needs to know about this deployment (the official account, WeChat's
 * addresses, the icon font). The same for everyone and fixed for the process's life, so it is computed once.
 */
export function mountClientSettingsRoutes(api: Api, ctx: GatewayContext, wechat: WechatSettings): void {
  const answer = ok(clientSettingsOf(wechat))
  api.on(settings.method, settings.path, auth(ctx, settings.auth), (c) => c.json(answer))
}
