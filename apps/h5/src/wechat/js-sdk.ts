import type { WechatJsConfig } from '@xdance/contract'
import type { GatewayClient } from '@xdance/http'
import { callGateway } from '../api/gateway-call'
import type { ShareCard } from './share-card'

/** The part of WeChat's JS-SDK (`window.wx`) the app uses. */
export interface Wx {
  config(config: WechatJsConfig & { debug: boolean; jsApiList: string[] }): void
  ready(callback: () => void): void
  error(callback: (result: { errMsg?: string }) => void): void
  updateAppMessageShareData(data: ShareCard & { success?: () => void }): void
  updateTimelineShareData(data: Omit<ShareCard, 'desc'> & { success?: () => void }): void
}

/** The JS-SDK calls the app asks `wx.config` for. */
export const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData']

/**
 * The address to sign for `wx.config`: on iOS WeChat keeps the address the visitor landed on for a single-page app
 * (history navigations do not change what it checks), elsewhere the current one; without the fragment either way.
 *
 * @example
 * signatureUrl('… iPhone … MicroMessenger/8.0', 'https://h5.example.com/?a=1', 'https://h5.example.com/classes/7#x')
 * // 'https://h5.example.com/?a=1'
 */
export function signatureUrl(userAgent: string, landingUrl: string, currentUrl: string): string {
  const url = /iPhone|iPad|iPod/.test(userAgent) ? landingUrl : currentUrl
  const hash = url.indexOf('#')
  return hash === -1 ? url : url.slice(0, hash)
}

/** Where the JS-SDK is configured: the window with its `wx`, the gateway that signs, the script's loader. */
export interface JsSdkEnv {
  win: { wx?: Wx | undefined }
  client: GatewayClient
  /** Loads the JS-SDK script (once). */
  load(): Promise<void>
}

/**
 * Loads the JS-SDK (not blocking anything), asks the gateway to sign `url`, and configures it for the share calls.
 * Resolves with `wx` once WeChat accepted the configuration; rejects when the script, the signature or the
 * configuration fails (the page then keeps WeChat's default card, and the share button its hint).
 *
 * @example
 * const wx = await configureJsSdk(env, location.href.split('#')[0])
 */
export async function configureJsSdk(env: JsSdkEnv, url: string): Promise<Wx> {
  await env.load()
  const wx = env.win.wx
  if (!wx) throw new Error('the JS-SDK script did not define wx')
  const signed = await callGateway(env.client, 'POST /wechat/js-config', { body: { url } }, { silent: true })
  await new Promise<void>((resolve, reject) => {
    wx.ready(resolve)
    wx.error((result) => reject(new Error(result.errMsg ?? 'wx.config failed')))
    wx.config({ ...signed, debug: false, jsApiList: JS_API_LIST })
  })
  return wx
}

/**
 * Sets the card the page is shared with, to a chat (title, description, link, image) and to Moments (no
 * description there).
 *
 * @example
 * applyShareCard(wx, articleCard(origin, article, org.logo, getUserId()))
 */
export function applyShareCard(wx: Wx, card: ShareCard): void {
  wx.updateAppMessageShareData({ ...card })
  wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl })
}
