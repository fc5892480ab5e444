import type { WechatPayParams } from '@xdance/contract'
import { loadScript } from './load-script'

// WeChat Pay inside WeChat's own browser: `WeixinJSBridge.invoke('getBrandWCPayRequest', params, callback)`. Its
// own tiny WeChat check (not the general WeChat module): paying needs the bridge itself, not just the user agent.

/** The part of WeChat's in-app bridge this module calls. */
export interface WeixinJSBridge {
  invoke(
    name: string,
    params: Record<string, unknown>,
    callback: (answer: { err_msg?: string }) => void,
  ): void
}

/** The browser seam: `window` in the app, a stand-in in tests. */
export interface WechatWindow {
  navigator: { userAgent: string }
  WeixinJSBridge?: WeixinJSBridge | undefined
}

/** What the bridge said: paid (as far as the client knows), cancelled by the customer, or failed. */
export type WechatPayOutcome = 'ok' | 'cancel' | 'fail'

/**
 * The WeChat bridge when the page runs inside WeChat (a `MicroMessenger` user agent) and the bridge is there;
 * `undefined` anywhere else (the customer then pays at the front desk).
 *
 * @example
 * if (wechatBridge()) await payInWechat(params)
 */
export function wechatBridge(
  win: WechatWindow = window as unknown as WechatWindow,
): WeixinJSBridge | undefined {
  if (!/MicroMessenger/i.test(win.navigator.userAgent)) return undefined
  const bridge = win.WeixinJSBridge
  return bridge && typeof bridge.invoke === 'function' ? bridge : undefined
}

/** How long to wait for WeChat's bridge before paying fails (WeChat puts it in shortly after the page loads). */
export const BRIDGE_WAIT_MS = 5000

/**
 * Inside WeChat, waits for its bridge: there already, or its `WeixinJSBridgeReady` event, at most
 * {@link BRIDGE_WAIT_MS}. The JS-SDK script (`scriptUrl`, the deployment's; in the demo it brings a stand-in bridge)
 * is loaded first when the bridge is not there yet. Resolves either way: {@link payInWechat} then says `fail`.
 *
 * @example
 * await awaitWechatBridge(window, document, settings.jsSdkScriptURL)
 */
export async function awaitWechatBridge(
  win: WechatWindow & Pick<Window, 'setTimeout' | 'clearTimeout'>,
  doc: Document,
  scriptUrl: string,
): Promise<void> {
  if (!/MicroMessenger/i.test(win.navigator.userAgent) || wechatBridge(win)) return
  await new Promise<void>((resolve) => {
    const done = () => {
      win.clearTimeout(timer)
      doc.removeEventListener('WeixinJSBridgeReady', done)
      resolve()
    }
    const timer = win.setTimeout(done, BRIDGE_WAIT_MS)
    doc.addEventListener('WeixinJSBridgeReady', done)
    if (scriptUrl) {
      loadScript(doc, scriptUrl).then(
        () => {
          if (wechatBridge(win)) done()
        },
        () => undefined,
      )
    }
  })
}

/**
 * Opens WeChat Pay with the gateway's JSAPI parameters. `ok` only means the customer finished in WeChat: the order
 * is paid when the gateway says so (it hears from WeChat Pay itself), so the caller reloads the order until then.
 *
 * @example
 * const outcome = await payInWechat(await callGateway(client, 'POST /orders/:id/wechat-pay', { params: { id: order.id } }))
 */
export function payInWechat(
  params: WechatPayParams,
  win: WechatWindow = window as unknown as WechatWindow,
): Promise<WechatPayOutcome> {
  const bridge = wechatBridge(win)
  if (!bridge) return Promise.resolve('fail')
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', { ...params }, (answer) => {
      const message = answer?.err_msg ?? ''
      resolve(message.endsWith(':ok') ? 'ok' : message.endsWith(':cancel') ? 'cancel' : 'fail')
    })
  })
}
