/**
 * Whether the page runs inside WeChat's built-in browser (its user agent says `MicroMessenger`); WeChat Work
 * (`wxwork`) is another app, whose official-account features differ, so it does not count.
 *
 * @example
 * isWeChat('Mozilla/5.0 (iPhone; …) MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN') // true
 */
export function isWeChat(userAgent: string): boolean {
  return /MicroMessenger\//.test(userAgent) && !/wxwork\//.test(userAgent)
}
