import type { GatewayClient } from '@xdance/http'
import { getOpenId, type Mode, readStorage, removeStorage, setOpenId, writeStorage } from '@xdance/session'
import { callGateway } from '../api/gateway-call'
import { readSettings } from '../config/settings'
import { isWeChat } from './detect'
import { authorizeUrl, authStep, newState, OAUTH_STATE_KEY, OAUTH_TRIED_KEY } from './silent-auth'
import type { WechatShare } from './wechat-handle'
import { createWechatShare } from './wechat-share'

/** The page as the start-up sees it (`main.tsx` passes the real one; a test its own). */
export interface WechatBootEnv {
  /** The page's settings block (`readSettings` checks it here, in the WeChat chunk). */
  settingsText: string
  mode: Mode
  client: GatewayClient
  doc: Document
  win: Window
}

/** What the start-up does next. */
export interface WechatBoot {
  /** The page is leaving for WeChat's authorisation: start nothing (no report, no render). */
  redirecting: boolean
  /**
   * Settles when the visitor's openId is known or known to be unavailable, with whether the app may start (`false`
   * while leaving): start the tracker and render then.
   */
  ready: Promise<boolean>
  /** The pages' share handle. */
  share: WechatShare
}

/**
 * The WeChat part of the start-up, run before the tracker: inside WeChat, in normal mode, with an app id and no stored
 * openId, it leaves once per browser session for WeChat's silent authorisation (`location.replace`, so no history
 * entry); back with its `code` and our `state`, it takes both off the address (`history.replaceState`, the page and
 * its query as the visitor opened them) and exchanges the code at the gateway for the openId it stores. A refused
 * exchange leaves the visitor where they are, without openId and without a toast. Outside WeChat, in app mode or
 * with no app id: nothing.
 *
 * @example
 * const wechat = startWechat({ settingsText, mode, client, doc: document, win: window })
 * void wechat.ready.then((go) => go && tracker.start())
 */
export function startWechat(env: WechatBootEnv): WechatBoot {
  const { mode, client, doc, win } = env
  const settings = readSettings(env.settingsText)
  const userAgent = win.navigator.userAgent
  const enabled =
    mode === 'web' && isWeChat(userAgent) && !!settings.officialAccountAppId && !!settings.oauthAuthorizeURL
  const step = authStep({
    enabled,
    href: win.location.href,
    hasOpenId: !!getOpenId(),
    storedState: readStorage('session', OAUTH_STATE_KEY),
    tried: readStorage('session', OAUTH_TRIED_KEY) === '1',
  })
  let ready = Promise.resolve(true)
  if (step.kind === 'redirect') {
    const state = newState(win.crypto)
    writeStorage('session', OAUTH_TRIED_KEY, '1')
    writeStorage('session', OAUTH_STATE_KEY, state)
    win.location.replace(
      authorizeUrl(settings.oauthAuthorizeURL, settings.officialAccountAppId, win.location.href, state),
    )
    return {
      redirecting: true,
      ready: Promise.resolve(false),
      share: { inWeChat: true, setCard: () => undefined },
    }
  }
  if (step.kind === 'exchange' || step.kind === 'strip') {
    removeStorage('session', OAUTH_STATE_KEY)
    win.history.replaceState(win.history.state, '', step.pageUrl)
  }
  if (step.kind === 'exchange') {
    ready = callGateway(client, 'POST /wechat/oauth', { body: { code: step.code } }, { silent: true })
      .then(({ openId }) => {
        if (openId) setOpenId(openId)
      })
      .then(
        () => true,
        () => true,
      )
  }
  return {
    redirecting: false,
    ready,
    share: createWechatShare({ settings, mode, client, doc, win, userAgent, landingUrl: win.location.href }),
  }
}
