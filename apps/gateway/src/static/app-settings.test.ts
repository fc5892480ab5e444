import { describe, expect, test } from 'vitest'
import { resolveWechatSettings } from '../wechat/wechat-settings'
import { type AppSettings, appSettingsOf, injectSettings, NO_SETTINGS, withSettings } from './app-settings'

const SET: AppSettings = {
  officialAccountAppId: 'wx1234567890abcdef',
  oauthAuthorizeURL: 'https://open.weixin.qq.com/connect/oauth2/authorize',
  jsSdkScriptURL: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
  iconFontScriptURL: '',
}
const BLOCK = (json: string) => `<script type="application/json" id="xdance-settings">${json}</script>`

describe('injectSettings', () => {
  test.each([
    [
      'at the end of the head',
      '<html><head><title>x</title></head><body></body></html>',
      `<html><head><title>x</title>${BLOCK(JSON.stringify(NO_SETTINGS))}</head><body></body></html>`,
    ],
    [
      'before the body when there is no head',
      '<html><body>x</body></html>',
      `<html>${BLOCK(JSON.stringify(NO_SETTINGS))}<body>x</body></html>`,
    ],
    ['at the start of a fragment', '<p>x</p>', `${BLOCK(JSON.stringify(NO_SETTINGS))}<p>x</p>`],
  ])('%s', (_name, html, expected) => {
    expect(injectSettings(html, NO_SETTINGS)).toBe(expected)
  })

  test('a value cannot close the block: < is written \\u003c, and the JSON still reads back the same', () => {
    const hostile = { ...NO_SETTINGS, iconFontScriptURL: 'https://x.test/</script><script>alert(1)</script>' }
    const page = injectSettings('<head></head>', hostile)
    expect(page.match(/<\/script>/g)).toHaveLength(1)
    const json = /id="xdance-settings">(.*)<\/script>/.exec(page)?.[1] ?? ''
    expect(JSON.parse(json)).toEqual(hostile)
  })

  test('the ETag of a page changes with its settings', () => {
    const file = { body: Buffer.from('<head></head>'), etag: 'W/"d-1"' }
    const off = withSettings(file, NO_SETTINGS)
    const on = withSettings(file, SET)
    expect(off.etag).toMatch(/^W\/"d-1-[0-9a-f]{8}"$/)
    expect(on.etag).not.toBe(off.etag)
    expect(on.body.toString()).toContain('wx1234567890abcdef')
  })
})

describe('appSettingsOf', () => {
  test('the secret and the server API never reach the page', () => {
    const settings = appSettingsOf(
      resolveWechatSettings({ appId: 'wx1234567890abcdef', appSecret: 'TOP-SECRET' }),
    )
    expect(settings).toEqual({ ...SET })
    expect(JSON.stringify(settings)).not.toContain('TOP-SECRET')
  })

  test('without an app id the WeChat addresses are empty too', () => {
    expect(appSettingsOf(resolveWechatSettings(undefined))).toEqual(NO_SETTINGS)
  })
})
