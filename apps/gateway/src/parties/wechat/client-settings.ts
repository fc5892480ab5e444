import type { ClientSettings } from '@xdance/contract'
import type { WechatSettings } from './wechat-settings'

/**
 * What `GET /client-settings` answers: the page-side settings, from the gateway's WeChat settings (the secret and the
 * server API never leave the gateway). The app's server writes them into every page; empty = off.
 *
 * @example
 * ```ts
 * clientSettingsOf(resolveWechatSettings(false)).officialAccountAppId // ''
 * ```
 */
export function clientSettingsOf(wechat: WechatSettings): ClientSettings {
  return {
    officialAccountAppId: wechat.appId,
    oauthAuthorizeURL: wechat.appId ? wechat.oauthAuthorizeURL : '',
    jsSdkScriptURL: wechat.appId ? wechat.jsSdkScriptURL : '',
    iconFontScriptURL: wechat.iconFontScriptURL,
  }
}
