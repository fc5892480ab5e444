import { isWeChat } from '../wechat/detect'

/**
 * Where the customer pays from, which decides how WeChat Pay is offered: inside WeChat's browser (JSAPI, through
 * its bridge), a phone browser outside WeChat (WeChat Pay's H5 page) or a desktop browser (a Native QR code to scan).
 * The front-desk code is offered everywhere beside it.
 */
export type PayPlace = 'wechat' | 'phone' | 'desktop'

// Phones and tablets say so in their user agent; iPadOS 13+ says Macintosh, and is taken for a desktop (a QR code).
const MOBILE = /Mobi|Android|iPhone|iPod|HarmonyOS|Windows Phone/i

/**
 * The customer's place from the browser's user agent.
 *
 * @example
 * payPlace(navigator.userAgent) // 'desktop'
 */
export function payPlace(userAgent: string): PayPlace {
  if (isWeChat(userAgent)) return 'wechat'
  return MOBILE.test(userAgent) ? 'phone' : 'desktop'
}
