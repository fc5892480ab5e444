import { describe, expect, it } from 'vitest'
import { awaitWechatBridge, BRIDGE_WAIT_MS, payInWechat, type WechatWindow, wechatBridge } from './wechat-pay'

const WECHAT = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI'
const SAFARI = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'
const params = {
  appId: 'wx1',
  timeStamp: '1700000000',
  nonceStr: 'n',
  package: 'prepay_id=p1',
  signType: 'HMAC-SHA256' as const,
  paySign: 's',
}

function bridgeAnswering(errMsg: string) {
  const calls: Array<[string, Record<string, unknown>]> = []
  return {
    calls,
    invoke(name: string, args: Record<string, unknown>, done: (answer: { err_msg?: string }) => void) {
      calls.push([name, args])
      done({ err_msg: errMsg })
    },
  }
}

describe('wechatBridge', () => {
  it.each([
    ['WeChat with the bridge', WECHAT, true, true],
    ['WeChat before its bridge is there', WECHAT, false, false],
    ['a bridge outside WeChat (someone else’s global)', SAFARI, true, false],
    ['a plain browser', SAFARI, false, false],
  ])('%s: %s', (_case, userAgent, hasBridge, found) => {
    const win: WechatWindow = {
      navigator: { userAgent },
      WeixinJSBridge: hasBridge ? bridgeAnswering('x:ok') : undefined,
    }
    expect(wechatBridge(win) !== undefined).toBe(found)
  })
})

describe('payInWechat', () => {
  it.each([
    ['get_brand_wcpay_request:ok', 'ok'],
    ['get_brand_wcpay_request:cancel', 'cancel'],
    ['get_brand_wcpay_request:fail', 'fail'],
    ['', 'fail'],
  ] as const)('maps the bridge’s %j to %s', async (errMsg, outcome) => {
    const bridge = bridgeAnswering(errMsg)
    expect(await payInWechat(params, { navigator: { userAgent: WECHAT }, WeixinJSBridge: bridge })).toBe(
      outcome,
    )
    expect(bridge.calls).toEqual([['getBrandWCPayRequest', params]])
  })

  it('fails without calling anything outside WeChat', async () => {
    const bridge = bridgeAnswering('get_brand_wcpay_request:ok')
    expect(await payInWechat(params, { navigator: { userAgent: SAFARI }, WeixinJSBridge: bridge })).toBe(
      'fail',
    )
    expect(bridge.calls).toEqual([])
  })
})

describe('awaitWechatBridge', () => {
  // A stand-in document: the events it was told to listen to, and the scripts it was asked to load.
  function fakeDoc() {
    const listeners = new Map<string, () => void>()
    const scripts: string[] = []
    const doc = {
      addEventListener: (name: string, f: () => void) => listeners.set(name, f),
      removeEventListener: (name: string) => listeners.delete(name),
      createElement: () => ({}) as HTMLScriptElement,
      head: { append: (s: HTMLScriptElement) => scripts.push(String((s as { src?: string }).src)) },
    }
    return { doc: doc as unknown as Document, listeners, scripts }
  }
  const timers = () => {
    const pending: Array<() => void> = []
    return {
      pending,
      setTimeout: ((f: () => void) => {
        pending.push(f)
        return pending.length
      }) as unknown as Window['setTimeout'],
      clearTimeout: (() => undefined) as Window['clearTimeout'],
    }
  }

  it('outside WeChat, or with the bridge already there, waits for nothing and loads nothing', async () => {
    const { doc, scripts } = fakeDoc()
    await awaitWechatBridge({ navigator: { userAgent: SAFARI }, ...timers() }, doc, '/jweixin.js')
    await awaitWechatBridge(
      { navigator: { userAgent: WECHAT }, WeixinJSBridge: bridgeAnswering('x:ok'), ...timers() },
      doc,
      '/jweixin.js',
    )
    expect(scripts).toEqual([])
  })

  it('inside WeChat without the bridge: loads the JS-SDK script and resolves on WeixinJSBridgeReady', async () => {
    const { doc, listeners, scripts } = fakeDoc()
    const win: WechatWindow & Pick<Window, 'setTimeout' | 'clearTimeout'> = {
      navigator: { userAgent: WECHAT },
      ...timers(),
    }
    const waiting = awaitWechatBridge(win, doc, '/dance-gateway/wechat-demo/jweixin.js')
    expect(scripts).toEqual(['/dance-gateway/wechat-demo/jweixin.js'])
    win.WeixinJSBridge = bridgeAnswering('get_brand_wcpay_request:ok')
    listeners.get('WeixinJSBridgeReady')?.()
    await waiting
    expect(listeners.has('WeixinJSBridgeReady')).toBe(false)
    expect(await payInWechat(params, win)).toBe('ok')
  })

  it('gives up after its bound when no bridge comes, and paying then says fail', async () => {
    const { doc } = fakeDoc()
    const clock = timers()
    const win = { navigator: { userAgent: WECHAT }, ...clock }
    const waiting = awaitWechatBridge(win, doc, '')
    expect(clock.pending).toHaveLength(1)
    clock.pending[0]?.()
    await waiting
    expect(await payInWechat(params, win)).toBe('fail')
    expect(BRIDGE_WAIT_MS).toBe(5000)
  })
})
