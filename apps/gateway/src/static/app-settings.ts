import { createHash } from 'node:crypto'
import type { WechatSettings } from '../wechat/wechat-settings'

/**
 * The deployment settings the app reads at run time (one build serves every deployment): the gateway writes them
 * into every HTML page it serves as a JSON data block, `<script type="application/json" id="xdance-settings">`.
 * Empty = off.
 *
 * @example
 * ```ts
 * const settings: AppSettings = { officialAccountAppId: '', oauthAuthorizeURL: '', jsSdkScriptURL: '', iconFontScriptURL: '' }
 * ```
 */
export interface AppSettings {
  /** The official account's AppID: inside WeChat, the silent authorisation and the share card run. */
  officialAccountAppId: string
  /** WeChat's web-authorisation page (the gateway's emulation in demo mode). */
  oauthAuthorizeURL: string
  /** WeChat's JS-SDK script (the gateway's stand-in in demo mode). */
  jsSdkScriptURL: string
  /** The icon-font symbol script. */
  iconFontScriptURL: string
}

/** The id of the settings block in the page. */
export const SETTINGS_ELEMENT_ID = 'xdance-settings'

/**
 * The app's settings from the gateway's WeChat settings (the secret and the server API never reach the page).
 *
 * @example
 * ```ts
 * appSettingsOf(resolveWechatSettings(false)).officialAccountAppId // ''
 * ```
 */
export function appSettingsOf(wechat: WechatSettings): AppSettings {
  return {
    officialAccountAppId: wechat.appId,
    oauthAuthorizeURL: wechat.appId ? wechat.oauthAuthorizeURL : '',
    jsSdkScriptURL: wechat.appId ? wechat.jsSdkScriptURL : '',
    iconFontScriptURL: wechat.iconFontScriptURL,
  }
}

/**
 * The page with the settings block placed at the end of its `<head>` (or before `<body>`, or at the start, for a
 * page without a head). `<` is written `\u003c`, so no value can close the block; a data block is not run, so the
 * page's policy needs no hash for it.
 *
 * @example
 * ```ts
 * injectSettings('<head></head>', settings)
 * // '<head><script type="application/json" id="xdance-settings">{"officialAccountAppId":"",…}</script></head>'
 * ```
 */
export function injectSettings(html: string, settings: AppSettings): string {
  const json = JSON.stringify(settings)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  const block = `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${json}</script>`
  const at = html.search(/<\/head\s*>/i)
  if (at !== -1) return `${html.slice(0, at)}${block}${html.slice(at)}`
  const body = html.search(/<body[\s>]/i)
  if (body !== -1) return `${html.slice(0, body)}${block}${html.slice(body)}`
  return `${block}${html}`
}

/**
 * A short fingerprint of the settings, for the page's ETag (a page served with other settings is another version).
 *
 * @example
 * ```ts
 * settingsTag(settings) // 'a1b2c3d4'
 * ```
 */
export function settingsTag(settings: AppSettings): string {
  return createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 8)
}

/**
 * An HTML file as served: its body with the settings block, its ETag marked with the settings' fingerprint.
 *
 * @example
 * ```ts
 * const page = withSettings({ body: await readFile(index), etag: 'W/"1f-2a"' }, settings)
 * ```
 */
export function withSettings(
  file: { body: Buffer; etag: string },
  settings: AppSettings,
): { body: Buffer; etag: string } {
  return {
    body: Buffer.from(injectSettings(file.body.toString('utf8'), settings), 'utf8'),
    etag: file.etag.replace(/"$/, `-${settingsTag(settings)}"`),
  }
}

/**
 * Every setting empty: what a deployment without WeChat or an icon font serves.
 *
 * @example
 * ```ts
 * injectSettings(html, NO_SETTINGS)
 * ```
 */
export const NO_SETTINGS: AppSettings = {
  officialAccountAppId: '',
  oauthAuthorizeURL: '',
  jsSdkScriptURL: '',
  iconFontScriptURL: '',
}
