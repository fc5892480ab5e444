import { APP_ID_PATTERN, type ClientSettings, SETTINGS_ADDRESS_PATTERN } from '@xdance/contract'

/**
 * The deployment's run-time settings, as the app's server writes them into the page
 * (`<script type="application/json" id="xdance-settings">`) from the gateway's `GET /client-settings`: one build
 * serves every deployment. The contract's `ClientSettings`; empty = off.
 */
export type AppSettings = ClientSettings

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
  const appId = read('officialAccountAppId', APP_ID_PATTERN)
  return {
    officialAccountAppId: appId,
    oauthAuthorizeURL: appId && read('oauthAuthorizeURL', SETTINGS_ADDRESS_PATTERN),
    jsSdkScriptURL: appId && read('jsSdkScriptURL', SETTINGS_ADDRESS_PATTERN),
    iconFontScriptURL: read('iconFontScriptURL', SETTINGS_ADDRESS_PATTERN),
  }
}
