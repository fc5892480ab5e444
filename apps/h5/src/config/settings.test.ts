import { describe, expect, test } from 'vitest'
import { readSettings } from './settings'

const NO_SETTINGS = {
  officialAccountAppId: '',
  oauthAuthorizeURL: '',
  jsSdkScriptURL: '',
  iconFontScriptURL: '',
}

const ON = {
  officialAccountAppId: 'wx1234567890abcdef',
  oauthAuthorizeURL: 'https://open.weixin.qq.com/connect/oauth2/authorize',
  jsSdkScriptURL: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
  iconFontScriptURL: 'https://at.alicdn.com/t/c/font_1.js',
}

describe('readSettings', () => {
  test.each([
    ['no block', null, NO_SETTINGS],
    ['an empty block', '', NO_SETTINGS],
    ['not JSON', '{officialAccountAppId:', NO_SETTINGS],
    ['an array', '[]', NO_SETTINGS],
    ['null', 'null', NO_SETTINGS],
    ['every setting empty', JSON.stringify(NO_SETTINGS), NO_SETTINGS],
    ['every setting set', JSON.stringify(ON), ON],
    [
      'the demo: same-origin paths',
      JSON.stringify({
        officialAccountAppId: 'wx0000000000demo0',
        oauthAuthorizeURL: '/dance-gateway/wechat-demo/authorize',
        jsSdkScriptURL: '/dance-gateway/wechat-demo/jweixin.js',
        iconFontScriptURL: '/dance-gateway/wechat-demo/iconfont.js',
      }),
      {
        officialAccountAppId: 'wx0000000000demo0',
        oauthAuthorizeURL: '/dance-gateway/wechat-demo/authorize',
        jsSdkScriptURL: '/dance-gateway/wechat-demo/jweixin.js',
        iconFontScriptURL: '/dance-gateway/wechat-demo/iconfont.js',
      },
    ],
    [
      'an app id of the wrong shape turns WeChat off',
      JSON.stringify({ ...ON, officialAccountAppId: 'x' }),
      { ...NO_SETTINGS, iconFontScriptURL: ON.iconFontScriptURL },
    ],
    [
      'an app id as a number',
      JSON.stringify({ ...ON, officialAccountAppId: 12 }),
      { ...NO_SETTINGS, iconFontScriptURL: ON.iconFontScriptURL },
    ],
    [
      'an http script',
      JSON.stringify({ ...ON, jsSdkScriptURL: 'http://res.wx.qq.com/a.js' }),
      { ...ON, jsSdkScriptURL: '' },
    ],
    [
      'a protocol-relative script',
      JSON.stringify({ ...ON, iconFontScriptURL: '//evil.test/a.js' }),
      { ...ON, iconFontScriptURL: '' },
    ],
    [
      'a javascript: address',
      JSON.stringify({ ...ON, oauthAuthorizeURL: 'javascript:alert(1)' }),
      { ...ON, oauthAuthorizeURL: '' },
    ],
    [
      'a relative path',
      JSON.stringify({ ...ON, iconFontScriptURL: 'font.js' }),
      { ...ON, iconFontScriptURL: '' },
    ],
    [
      'an address with a space',
      JSON.stringify({ ...ON, iconFontScriptURL: 'https://a.test/x y.js' }),
      { ...ON, iconFontScriptURL: '' },
    ],
    ['unknown fields are ignored', JSON.stringify({ ...ON, secret: 'x' }), ON],
    [
      'an address over 2,048 characters',
      JSON.stringify({ ...ON, iconFontScriptURL: `https://a.test/${'x'.repeat(2040)}` }),
      { ...ON, iconFontScriptURL: '' },
    ],
    ['a number where text belongs', '7', NO_SETTINGS],
  ])('%s', (_name, json, expected) => {
    expect(readSettings(json)).toEqual(expected)
  })
})
