import type { GatewayClient } from '@xdance/http'
import type { Mode } from '@xdance/session'
import { pageSettings } from '../config/settings'
import { loadIconFont } from '../icons/icon-font'
import { startWechat, type WechatBoot } from '../wechat/wechat-boot'

/**
 * The start-up steps that depend on the deployment's run-time settings (the block the gateway wrote into the page):
 * WeChat's silent authorisation and share handle, and the icon font, loaded when idle. Called once by `main.tsx`
 * before the tracker starts.
 *
 * @example
 * const deployment = startDeployment({ mode, client, doc: document, win: window })
 * if (!deployment.redirecting) void deployment.ready.then(() => tracker.start())
 */
export function startDeployment(env: {
  mode: Mode
  client: GatewayClient
  doc: Document
  win: Window
}): WechatBoot {
  const settings = pageSettings(env.doc)
  const wechat = startWechat({ ...env, settings })
  if (!wechat.redirecting) loadIconFont({ doc: env.doc }, settings.iconFontScriptURL)
  return wechat
}
