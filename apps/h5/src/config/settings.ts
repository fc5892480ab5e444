/**
 * The deployment's run-time settings, as the gateway that serves the app writes them into the page
 * (`<script type="application/json" id="xdance-settings">`): one build serves every deployment. Empty = off.
 */
export interface AppSettings {
  /** The official account's AppID: inside WeChat, the silent authorisation and the share card run. */
  officialAccountAppId: string
  /** WeChat's web-authorisation page. */
  oauthAuthorizeURL: string
  /** WeChat's JS-SDK script. */
  jsSdkScriptURL: string
  /** An icon-font symbol script: its `#icon-…` symbols replace the built-in icons once it has loaded. */
  iconFontScriptURL: string
}

// An app id; a same-origin path (`/x`, not `//host`) or an https address (a page served over https cannot use http
// scripts); at most 2,048 characters either way.
const APP_ID = /^wx[0-9A-Za-z]{14,30}$/
const ADDRESS = /^(?=.{1,2048}$)(\/(?![/\\])|https:\/\/[^\s/?#\\]+(\/|$))\S*$/i

/**
 * Reads the settings from the block's text: each field checked on its own, a missing, mistyped or malformed one off
 * (and the WeChat addresses off without an app id), never an exception.
 *
 * @example
 * readSettings('{"officialAccountAppId":"wx1234567890abcdef","oauthAuthorizeURL":"https://open.weixin.qq.com/connect/oauth2/authorize"}')
 * // { officialAccountAppId: 'wx1234567890abcdef', oauthAuthorizeURL: 'https://open.weixin.qq.com/…', jsSdkScriptURL: '', iconFontScriptURL: '' }
 */
export function readSettings(json: string | null | undefined): AppSettings {
  let given: Partial<Record<keyof AppSettings, unknown>> | null = null
  try {
    given = JSON.parse(json ?? '')
  } catch {
    // Unreadable: every setting off.
  }
  const read = (key: keyof AppSettings, valid: RegExp) => {
    const value = given?.[key]
    return typeof value === 'string' && valid.test(value) ? value : ''
  }
  const appId = read('officialAccountAppId', APP_ID)
  return {
    officialAccountAppId: appId,
    oauthAuthorizeURL: appId && read('oauthAuthorizeURL', ADDRESS),
    jsSdkScriptURL: appId && read('jsSdkScriptURL', ADDRESS),
    iconFontScriptURL: read('iconFontScriptURL', ADDRESS),
  }
}
