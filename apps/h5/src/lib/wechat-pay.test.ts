import { describe, expect, it } from 'vitest'
import { payInWechat, type WechatWindow, wechatBridge } from './wechat-pay'

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
