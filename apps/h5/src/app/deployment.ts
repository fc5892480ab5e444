import type { GatewayClient } from '@xdance/http'
import type { Mode } from '@xdance/session'
import { SETTINGS_ELEMENT_ID } from '../config/settings-element'
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
 * WeChat's silent authorisation and share card. Both are chunks of their own, fetched only when their setting is
 * given (and for WeChat, only inside WeChat), which check the settings in full (`readSettings`); everywhere else this
 * costs a look at the block and a user-agent check.
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
  const text = env.doc.getElementById(SETTINGS_ELEMENT_ID)?.textContent ?? ''
  // Only whether a setting is given (the app's server writes compact JSON): the chunk that uses it reads the block in full
  // (`readSettings`).
  const given = (key: string) => text.includes(`"${key}":"`) && !text.includes(`"${key}":""`)
  const inWeChat = isWeChat(env.win.navigator.userAgent)
  // After the first paint, when the browser is idle (Safari before 18 has no requestIdleCallback: the next task).
  const iconFont = (go: boolean) =>
    go &&
    given('iconFontScriptURL') &&
    (globalThis.requestIdleCallback ?? setTimeout)(
      () => void import('../icons/load-icon-font').then((font) => font.loadIconFont(env.doc, text)),
    )
  if (!inWeChat || !given('officialAccountAppId')) {
    iconFont(true)
    return { ready: Promise.resolve(true), share: { inWeChat, setCard: () => undefined } }
  }
  const boot = import('../wechat/wechat-boot').then((wechat) =>
    wechat.startWechat({ ...env, settingsText: text }),
  )
  // The chunk failing to load: the app runs as in any browser.
  const ready = boot.then(
    (started) => started.ready,
    () => true,
  )
  void ready.then(iconFont)
  const setCard: WechatShare['setCard'] = (spec) =>
    void boot.then(
      (started) => started.share.setCard(spec),
      () => undefined,
    )
  return { ready, share: { inWeChat, setCard } }
}
