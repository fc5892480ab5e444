import type { GatewayClient } from '@xdance/http'
import type { Mode } from '@xdance/session'
import { pageSettings } from '../config/settings'
import { isWeChat } from '../wechat/detect'
import type { WechatShare } from '../wechat/wechat-handle'

/** What the start-up does next. */
export interface Deployment {
  /**
   * Settles when the app may start (the visitor's openId known, or known to be unavailable): `false` when the page
   * is leaving for WeChat's silent authorisation, so that nothing starts (no report, no render).
   */
  ready: Promise<boolean>
  /** The pages' WeChat handle. */
  share: WechatShare
}

/**
 * The start-up steps that depend on the deployment's run-time settings (the block the gateway wrote into the page):
 * the icon font, loaded when the browser is idle after the first paint, and inside WeChat with an app id set,
 * WeChat's silent authorisation and share card. Both are chunks of their own, fetched only when their setting is on
 * (and for WeChat, only inside WeChat); everywhere else this costs a settings read.
 *
 * @example
 * const deployment = startDeployment({ mode, client, doc: document, win: window })
 * void deployment.ready.then((go) => go && tracker.start())
 */
export function startDeployment(env: {
  mode: Mode
  client: GatewayClient
  doc: Document
  win: Window
}): Deployment {
  const settings = pageSettings(env.doc)
  const inWeChat = isWeChat(env.win.navigator.userAgent)
  const iconFont = (go: boolean) => {
    const url = settings.iconFontScriptURL
    if (!go || !url) return
    const idle = env.win.requestIdleCallback ?? ((work: () => void) => env.win.setTimeout(work, 1))
    idle(() => void import('../icons/load-icon-font').then((font) => font.loadIconFont(env.doc, url)))
  }
  if (!inWeChat || !settings.officialAccountAppId) {
    iconFont(true)
    return { ready: Promise.resolve(true), share: { inWeChat, setCard: () => undefined } }
  }
  const boot = import('../wechat/wechat-boot').then((wechat) => wechat.startWechat({ ...env, settings }))
  const ready = boot.then(
    async (started) => {
      if (started.redirecting) return false
      await started.ready
      return true
    },
    // The chunk failed to load: the app runs as in any browser.
    () => true,
  )
  void ready.then(iconFont)
  const setCard: WechatShare['setCard'] = (spec, reader) =>
    void boot.then((started) => started.share.setCard(spec, reader)).catch(() => undefined)
  return { ready, share: { inWeChat, setCard } }
}
