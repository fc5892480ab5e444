import { describe, expect, test } from 'vitest'
import { GatewayServerError } from '../../core/gateway-server-error'
import { emulatedWechatDefaults } from '../../emulation/wechat/wechat-account'
import { readWechatEnv, resolveWechatSettings, type WechatSettings } from './wechat-settings'

const OFF = {
  appId: '',
  appSecret: '',
  oauthAuthorizeURL: '',
  jsSdkScriptURL: '',
  apiBase: '',
  iconFontScriptURL: '',
  emulated: false,
}

describe('resolveWechatSettings', () => {
  test.each<[string, Partial<WechatSettings> | false | undefined, boolean, Partial<WechatSettings>]>([
    ['nothing given outside demo mode: all off', undefined, false, OFF],
    ['false in demo mode: all off', false, true, OFF],
    [
      'demo mode: the gateway plays WeChat on its own origin',
      undefined,
      true,
      {
        appId: 'wx0000000000demo0',
        oauthAuthorizeURL: '/gw/wechat-demo/authorize',
        jsSdkScriptURL: '/gw/wechat-demo/jweixin.js',
        iconFontScriptURL: '/gw/wechat-demo/iconfont.js',
        apiBase: '',
        emulated: true,
      },
    ],
    [
      'demo mode with the icon font turned off',
      { iconFontScriptURL: '' },
      true,
      { appId: 'wx0000000000demo0', iconFontScriptURL: '', emulated: true },
    ],
    [
      'demo mode with WeChat turned off keeps the icon font',
      { appId: '' },
      true,
      { ...OFF, iconFontScriptURL: '/gw/wechat-demo/iconfont.js' },
    ],
    [
      'a real account: WeChat’s own addresses by default',
      { appId: 'wx1234567890abcdef', appSecret: 's3cret' },
      false,
      {
        appId: 'wx1234567890abcdef',
        appSecret: 's3cret',
        oauthAuthorizeURL: 'https://open.weixin.qq.com/connect/oauth2/authorize',
        jsSdkScriptURL: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
        apiBase: 'https://api.weixin.qq.com',
        iconFontScriptURL: '',
        emulated: false,
      },
    ],
    [
      'a real account in demo mode is real (the secret says so)',
      { appId: 'wx1234567890abcdef', appSecret: 's3cret' },
      true,
      { appId: 'wx1234567890abcdef', emulated: false, apiBase: 'https://api.weixin.qq.com' },
    ],
    [
      'only an icon font',
      { iconFontScriptURL: 'https://at.alicdn.com/t/c/font_1.js' },
      false,
      { ...OFF, iconFontScriptURL: 'https://at.alicdn.com/t/c/font_1.js' },
    ],
  ])('%s', (_name, given, demo, expected) => {
    expect(resolveWechatSettings(given, demo ? emulatedWechatDefaults('/gw') : undefined)).toMatchObject(
      expected,
    )
  })

  test.each<[string, Partial<WechatSettings>]>([
    ['an app id without its secret', { appId: 'wx1234567890abcdef' }],
    ['an app id of the wrong shape', { appId: 'hello', appSecret: 's' }],
    ['an http icon font', { iconFontScriptURL: 'http://at.alicdn.com/font.js' }],
    ['a relative icon font outside demo mode', { iconFontScriptURL: '/font.js' }],
    ['a javascript: JS-SDK', { appId: 'wx1234567890abcdef', appSecret: 's', jsSdkScriptURL: 'javascript:1' }],
  ])('%s is a config error', (_name, given) => {
    let error: unknown
    try {
      resolveWechatSettings(given)
    } catch (caught) {
      error = caught
    }
    expect(GatewayServerError.isInstance(error) && error.kind === 'config' && error.code).toBe(
      'INVALID_WECHAT',
    )
  })
})

describe('readWechatEnv', () => {
  test.each([
    [{}, {}],
    [
      { WECHAT_APP_ID: ' wx1234567890abcdef ', WECHAT_APP_SECRET: 's' },
      { appId: 'wx1234567890abcdef', appSecret: 's' },
    ],
    [
      { ICONFONT_SCRIPT_URL: 'https://at.alicdn.com/x.js', WECHAT_JSSDK_URL: '' },
      { iconFontScriptURL: 'https://at.alicdn.com/x.js' },
    ],
    [
      { WECHAT_OAUTH_AUTHORIZE_URL: 'https://o.test/a', WECHAT_API_BASE: 'https://api.test' },
      { oauthAuthorizeURL: 'https://o.test/a', apiBase: 'https://api.test' },
    ],
  ])('%j gives %j', (env, expected) => {
    expect(readWechatEnv(env)).toEqual(expected)
  })
})
