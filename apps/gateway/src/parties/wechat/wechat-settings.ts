import { GatewayServerError } from '../../core/gateway-server-error'

/**
 * The official account the app lives in, and the third-party scripts it loads (README, "WeChat settings"). Every
 * field empty means off: no WeChat step runs and no third-party origin enters the page's policy.
 *
 * @example
 * ```ts
 * const wechat: Partial<WechatSettings> = { appId: 'wx1234567890abcdef', appSecret: process.env.WECHAT_APP_SECRET }
 * ```
 */
export interface WechatSettings {
  /** The official account's AppID (`WECHAT_APP_ID`): turns on the silent authorisation and the share cards. */
  appId: string
  /** Its AppSecret (`WECHAT_APP_SECRET`): the gateway exchanges codes and fetches the `jsapi_ticket` with it. */
  appSecret: string
  /** WeChat's web-authorisation page (`WECHAT_OAUTH_AUTHORIZE_URL`). */
  oauthAuthorizeURL: string
  /** The JS-SDK script (`WECHAT_JSSDK_URL`). */
  jsSdkScriptURL: string
  /** WeChat's server API (`WECHAT_API_BASE`): code exchange, access token, `jsapi_ticket`. */
  apiBase: string
  /** The icon-font symbol script (`ICONFONT_SCRIPT_URL`), independent of WeChat. */
  iconFontScriptURL: string
  /** Demo mode: the gateway plays WeChat (authorise page, code exchange, ticket, JS-SDK) itself. */
  emulated: boolean
}

/** WeChat's real addresses: what a deployment gets when it sets only the app id and secret. */
export const WECHAT_DEFAULTS = {
  oauthAuthorizeURL: 'https://open.weixin.qq.com/connect/oauth2/authorize',
  jsSdkScriptURL: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
  apiBase: 'https://api.weixin.qq.com',
} as const

/**
 * What an emulation of WeChat fills in (demo mode: the composition file passes the emulation's own account and
 * same-origin pages); the real settings never name them.
 */
export type WechatEmulationDefaults = Pick<
  WechatSettings,
  'appId' | 'oauthAuthorizeURL' | 'jsSdkScriptURL' | 'iconFontScriptURL'
>

/** The environment variables of the WeChat settings, by field. */
export const WECHAT_ENV = {
  appId: 'WECHAT_APP_ID',
  appSecret: 'WECHAT_APP_SECRET',
  oauthAuthorizeURL: 'WECHAT_OAUTH_AUTHORIZE_URL',
  jsSdkScriptURL: 'WECHAT_JSSDK_URL',
  apiBase: 'WECHAT_API_BASE',
  iconFontScriptURL: 'ICONFONT_SCRIPT_URL',
} as const

/** The `WECHAT_ENV` fields that hold a URL. */
type UrlField = 'oauthAuthorizeURL' | 'jsSdkScriptURL' | 'apiBase' | 'iconFontScriptURL'

/**
 * The WeChat settings given in the environment (only those set, trimmed).
 *
 * @example
 * ```ts
 * readWechatEnv({ WECHAT_APP_ID: 'wx1234567890abcdef' }) // { appId: 'wx1234567890abcdef' }
 * ```
 */
export function readWechatEnv(env: Readonly<Record<string, string | undefined>>): Partial<WechatSettings> {
  const out: Partial<Record<keyof typeof WECHAT_ENV, string>> = {}
  for (const [field, name] of Object.entries(WECHAT_ENV) as Array<[keyof typeof WECHAT_ENV, string]>) {
    const value = env[name]?.trim()
    if (value) out[field] = value
  }
  return out
}

const isHttpsUrl = (value: string) => /^https:\/\/[^\s/?#]+(\/\S*)?$/i.test(value)

/**
 * The settings in force. `false`: all off. With `emulation` (demo mode) what is not given is filled with the
 * emulation's account and same-origin pages (so nothing leaves the machine), unless an app secret is given, which
 * means the real WeChat. Otherwise the app id needs its secret, the URLs default to WeChat's real ones, and every URL
 * given must be `https:` (a page over https cannot load an `http:` script).
 *
 * @example
 * ```ts
 * resolveWechatSettings(undefined, emulatedWechatDefaults('/dance-gateway')).oauthAuthorizeURL // '/dance-gateway/wechat-demo/authorize'
 * resolveWechatSettings(false, emulatedWechatDefaults('/dance-gateway')).appId // ''
 * ```
 */
export function resolveWechatSettings(
  given: Partial<WechatSettings> | false | undefined,
  emulation?: WechatEmulationDefaults | undefined,
): WechatSettings {
  if (given === false) return { ...OFF }
  const emulated = emulation !== undefined && !given?.appSecret
  const base = emulated ? { ...OFF, ...emulation } : { ...OFF, ...WECHAT_DEFAULTS }
  const settings: WechatSettings = { ...base, ...given, emulated }
  if (!settings.appId) {
    return { ...OFF, iconFontScriptURL: checkUrl(settings, 'iconFontScriptURL', emulated) }
  }
  if (!/^wx[0-9A-Za-z]{14,30}$/.test(settings.appId)) {
    throw new GatewayServerError(
      'config',
      'INVALID_WECHAT',
      `WECHAT_APP_ID must look like wx1234567890abcdef; got ${JSON.stringify(settings.appId)}.`,
    )
  }
  if (!emulated && !settings.appSecret) {
    throw new GatewayServerError(
      'config',
      'INVALID_WECHAT',
      'WECHAT_APP_ID is set without WECHAT_APP_SECRET: the gateway cannot exchange codes or sign the JS-SDK.',
    )
  }
  return {
    ...settings,
    oauthAuthorizeURL: checkUrl(settings, 'oauthAuthorizeURL', emulated),
    jsSdkScriptURL: checkUrl(settings, 'jsSdkScriptURL', emulated),
    apiBase: emulated ? '' : checkUrl(settings, 'apiBase', false),
    iconFontScriptURL: checkUrl(settings, 'iconFontScriptURL', emulated),
  }
}

const OFF: WechatSettings = {
  appId: '',
  appSecret: '',
  oauthAuthorizeURL: '',
  jsSdkScriptURL: '',
  apiBase: '',
  iconFontScriptURL: '',
  emulated: false,
}

// The emulation's own paths are same-origin paths; everything else must be https.
function checkUrl(settings: WechatSettings, field: UrlField, emulated: boolean): string {
  const value = settings[field]
  if (value === '') return value
  if (emulated && /^\/(?![/\\])\S*$/.test(value)) return value
  if (isHttpsUrl(value)) return value
  throw new GatewayServerError(
    'config',
    'INVALID_WECHAT',
    `${WECHAT_ENV[field]} must be an https:// address; got ${JSON.stringify(value)}.`,
  )
}
