/**
 * An official account's AppID, as `GET /client-settings` gives it (empty: WeChat off).
 *
 * @example
 * ```ts
 * APP_ID_PATTERN.test('wx1234567890abcdef') // true
 * ```
 */
export const APP_ID_PATTERN = /^wx[0-9A-Za-z]{14,30}$/

/**
 * An address a page may load a script from or send the visitor to, as `GET /client-settings` gives it: a same-origin
 * path (`/x`, never `//host`) or an https address (a page served over https cannot use http scripts), at most 2,048
 * characters (empty: off).
 *
 * @example
 * ```ts
 * SETTINGS_ADDRESS_PATTERN.test('https://res.wx.qq.com/open/js/jweixin-1.6.0.js') // true
 * SETTINGS_ADDRESS_PATTERN.test('//evil.example/x.js') // false
 * ```
 */
export const SETTINGS_ADDRESS_PATTERN = /^(?=.{1,2048}$)(\/(?![/\\])|https:\/\/[^\s/?#\\]+(\/|$))\S*$/i
