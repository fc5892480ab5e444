import type { GatewayClient } from '@xdance/http'
import type { AppSettings } from '../config/settings'
import { isWeChat } from './detect'
import type { ShareCard } from './share-card'

/**
 * What pages use of WeChat: whether they run inside it (a share button there shows the "tap ··· to share" hint,
 * since only WeChat's own menu can share), and the card of the current page.
 */
export interface WechatShare {
  /** Inside WeChat's browser. */
  inWeChat: boolean
  /** Sets the page's share card: inside WeChat with an app id and a JS-SDK address; does nothing otherwise. */
  setCard(card: ShareCard): void
}

/** What {@link createWechatShare} reads of the page. */
export interface WechatShareEnv {
  settings: AppSettings
  userAgent: string
  client: GatewayClient
  doc: Document
  win: Window & { wx?: unknown }
  /** The address the visitor landed on (after the silent authorisation's clean-up). */
  landingUrl: string
}

/** Outside WeChat: nothing to configure. */
export const NO_WECHAT: WechatShare = { inWeChat: false, setCard: () => undefined }

/**
 * The app's WeChat share handle. The JS-SDK code is a chunk of its own, fetched only when a page inside WeChat (with
 * an app id set) sets its first card; configurations are kept per signed address.
 *
 * @example
 * const wechat = createWechatShare({ settings, userAgent: navigator.userAgent, client, doc: document, win: window, landingUrl: location.href })
 * wechat.setCard(homeCard(location.origin, org, getUserId()))
 */
export function createWechatShare(env: WechatShareEnv): WechatShare {
  const inWeChat = isWeChat(env.userAgent)
  const { officialAccountAppId, jsSdkScriptURL } = env.settings
  if (!inWeChat || !officialAccountAppId || !jsSdkScriptURL) return { ...NO_WECHAT, inWeChat }
  const configs = new Map<string, Promise<unknown>>()
  let latest: ShareCard | undefined
  return {
    inWeChat,
    setCard(card) {
      latest = card
      void import('./js-sdk')
        .then(async (sdk) => {
          const url = sdk.signatureUrl(env.userAgent, env.landingUrl, env.win.location.href)
          let config = configs.get(url)
          if (!config) {
            config = sdk.configureJsSdk(
              {
                doc: env.doc,
                win: env.win as unknown as { wx?: never },
                client: env.client,
                scriptURL: jsSdkScriptURL,
              },
              url,
            )
            // A failed configuration may be retried by the next page.
            config.catch(() => configs.delete(url))
            configs.set(url, config)
          }
          const wx = (await config) as Parameters<typeof sdk.applyShareCard>[0]
          // Only the card of the page still shown.
          if (latest === card) sdk.applyShareCard(wx, card)
        })
        .catch(() => undefined)
    },
  }
}
