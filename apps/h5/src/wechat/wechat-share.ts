import type { GatewayClient } from '@xdance/http'
import { getUserId, isLoggedIn, type Mode } from '@xdance/session'
import type { AppSettings } from '../config/settings'
import { loadScript } from '../lib/load-script'
import { isWeChat } from './detect'
import { applyShareCard, configureJsSdk, signatureUrl, type Wx } from './js-sdk'
import { buildCard, type ShareSpec } from './share-card'
import type { WechatShare } from './wechat-handle'

/** What {@link createWechatShare} reads of the page. */
export interface WechatShareEnv {
  settings: AppSettings
  /** The client mode: the reader is signed in when its session is there. */
  mode: Mode
  userAgent: string
  client: GatewayClient
  doc: Document
  win: Window
  /** The address the visitor landed on (after the silent authorisation's clean-up). */
  landingUrl: string
}

/**
 * The app's WeChat share handle (part of the WeChat chunk, fetched only inside WeChat with an app id set): the
 * JS-SDK is loaded when a page sets its first card; configurations are kept per signed address.
 *
 * @example
 * const wechat = createWechatShare({ settings, userAgent: navigator.userAgent, client, doc: document, win: window, landingUrl: location.href })
 * wechat.setCard({ kind: 'home', org })
 */
export function createWechatShare(env: WechatShareEnv): WechatShare {
  const inWeChat = isWeChat(env.userAgent)
  const { officialAccountAppId, jsSdkScriptURL } = env.settings
  if (!inWeChat || !officialAccountAppId || !jsSdkScriptURL) return { inWeChat, setCard: () => undefined }
  const configs = new Map<string, Promise<Wx>>()
  // The script once per page, however many addresses are signed.
  let script: Promise<void> | undefined
  const load = () => {
    script ??= loadScript(env.doc, jsSdkScriptURL)
    script.catch(() => {
      script = undefined
    })
    return script
  }
  let latest: ShareSpec | undefined
  return {
    inWeChat,
    setCard(spec) {
      latest = spec
      const reader = isLoggedIn(env.mode) ? getUserId() : undefined
      const card = buildCard(spec, env.win.location.origin, reader)
      const url = signatureUrl(env.userAgent, env.landingUrl, env.win.location.href)
      let config = configs.get(url)
      if (!config) {
        config = configureJsSdk({ win: env.win as { wx?: Wx }, client: env.client, load }, url)
        configs.set(url, config)
      }
      config.then(
        (wx) => {
          // Only the card of the page still shown.
          if (latest === spec) applyShareCard(wx, card)
        },
        // A failed configuration may be retried by the next page.
        () => configs.delete(url),
      )
    },
  }
}
