import * as v from 'valibot'
import { APP_ID_PATTERN, SETTINGS_ADDRESS_PATTERN } from '../client-settings'
import type { Endpoint, EndpointKey } from '../endpoint'
import { count } from './fields'

/** What the gateway answers for a code or page address it cannot use. */
export const WECHAT_CODE_MESSAGE = 'code 必须是 1 到 128 个字符的字符串'
const URL_MESSAGE = 'url 必须是不超过 2048 个字符的 http(s) 地址'

/**
 * `POST /wechat/oauth` body: the `code` WeChat's web authorisation (silent scope, `snsapi_base`) returned to the page.
 */
export const wechatOAuthRequestSchema = v.object(
  {
    code: v.pipe(
      v.string(WECHAT_CODE_MESSAGE),
      v.minLength(1, WECHAT_CODE_MESSAGE),
      v.maxLength(128, WECHAT_CODE_MESSAGE),
      v.regex(/^[\w.~-]+$/, WECHAT_CODE_MESSAGE),
    ),
  },
  () => WECHAT_CODE_MESSAGE,
)

/** `POST /wechat/oauth` answer: the visitor's openId under the official account. */
export const wechatOAuthResultSchema = v.object({ openId: v.pipe(v.string(), v.minLength(1)) })
/** @example const { openId }: WechatOAuthResult = await client.post('/wechat/oauth', { code }) */
export type WechatOAuthResult = v.InferOutput<typeof wechatOAuthResultSchema>

/** `POST /wechat/js-config` body: the page address the JS-SDK is configured for (its `#` fragment is ignored). */
export const wechatJsConfigRequestSchema = v.object(
  {
    url: v.pipe(
      v.string(URL_MESSAGE),
      v.maxLength(2048, URL_MESSAGE),
      v.regex(/^https?:\/\/[^\s/]+(\/\S*)?$/i, URL_MESSAGE),
    ),
  },
  () => URL_MESSAGE,
)

/**
 * `POST /wechat/js-config` answer: what `wx.config` takes (`appId`, `timestamp` in seconds, `nonceStr`, and the
 * `signature`: sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`).
 */
export const wechatJsConfigSchema = v.object({
  appId: v.pipe(v.string(), v.minLength(1)),
  timestamp: count,
  nonceStr: v.pipe(v.string(), v.minLength(1)),
  signature: v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/)),
})
/** @example wx.config({ ...(await client.post<WechatJsConfig>('/wechat/js-config', { url })), jsApiList }) */
export type WechatJsConfig = v.InferOutput<typeof wechatJsConfigSchema>

// Empty, or a value of the pattern: each setting can be off.
const offOr = (pattern: RegExp) => v.union([v.literal(''), v.pipe(v.string(), v.regex(pattern))])

/**
 * `GET /client-settings` answer: the deployment's settings a page needs at run time (one build of the app serves
 * every deployment; the app's server writes them into each page). Empty = off. Never a secret: these reach every
 * visitor.
 */
export const clientSettingsSchema = v.object({
  /** The official account's AppID: inside WeChat, the silent authorisation and the share card run. */
  officialAccountAppId: offOr(APP_ID_PATTERN),
  /** WeChat's web-authorisation page (empty without an app id). */
  oauthAuthorizeURL: offOr(SETTINGS_ADDRESS_PATTERN),
  /** WeChat's JS-SDK script (empty without an app id). */
  jsSdkScriptURL: offOr(SETTINGS_ADDRESS_PATTERN),
  /** An icon-font symbol script: its `#icon-…` symbols replace the built-in icons once it has loaded. */
  iconFontScriptURL: offOr(SETTINGS_ADDRESS_PATTERN),
})
/** @example const { officialAccountAppId }: ClientSettings = await client.get('/client-settings') */
export type ClientSettings = v.InferOutput<typeof clientSettingsSchema>

/**
 * WeChat: the silent authorisation, the JS-SDK's signature, and the deployment's settings a page needs. One row per call, keyed by its method and path (see `Endpoint`).
 */
export const wechatCalls = {
  'POST /wechat/oauth': { auth: 'none', body: wechatOAuthRequestSchema, answer: wechatOAuthResultSchema },
  'POST /wechat/js-config': { auth: 'none', body: wechatJsConfigRequestSchema, answer: wechatJsConfigSchema },
  'GET /client-settings': { auth: 'none', answer: clientSettingsSchema },
} as const satisfies Record<EndpointKey, Endpoint>
