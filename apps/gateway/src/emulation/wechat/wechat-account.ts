import type { WechatEmulationDefaults } from '../../parties/wechat/wechat-settings'

/** The demo official account (not a real one) and the path, under the prefix, of the gateway's emulation. */
export const DEMO_WECHAT = {
  appId: 'wx0000000000demo0',
  /** The `jsapi_ticket` the emulation signs with. */
  ticket: 'xdance-demo-jsapi-ticket',
  path: '/wechat-demo',
} as const

/**
 * What demo mode fills the WeChat settings with: the demo account, and the emulation's own same-origin pages
 * (authorise page, JS-SDK, icon font) under `prefix`.
 *
 * @example
 * ```ts
 * emulatedWechatDefaults('/dance-gateway').oauthAuthorizeURL // '/dance-gateway/wechat-demo/authorize'
 * ```
 */
export function emulatedWechatDefaults(prefix: string): WechatEmulationDefaults {
  return {
    appId: DEMO_WECHAT.appId,
    oauthAuthorizeURL: `${prefix}${DEMO_WECHAT.path}/authorize`,
    jsSdkScriptURL: `${prefix}${DEMO_WECHAT.path}/jweixin.js`,
    iconFontScriptURL: `${prefix}${DEMO_WECHAT.path}/iconfont.js`,
  }
}
