import type { ShareSpec } from './share-card'

/**
 * What pages use of WeChat: whether they run inside it (a share button there shows the "tap ··· to share" hint,
 * since only WeChat's own menu can share), and the card of the current page.
 *
 * @example
 * const wechat: WechatShare = useWechat()
 */
export interface WechatShare {
  /** Inside WeChat's browser. */
  inWeChat: boolean
  /**
   * Sets the page's share card, built for the reader (the signed-in customer's userId is the link's `sharer`; nobody
   * when signed out): inside WeChat with an app id and a JS-SDK address; does nothing otherwise.
   */
  setCard(spec: ShareSpec): void
}

/**
 * An ordinary browser: nothing to configure.
 *
 * @example
 * <AppProvider value={{ mode, toasts, i18n, wechat: NO_WECHAT }}>
 */
export const NO_WECHAT: WechatShare = { inWeChat: false, setCard: () => undefined }
