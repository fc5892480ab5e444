import { describe, expect, test } from 'vitest'
import { NO_SETTINGS } from './page-settings'
import { contentSecurityPolicy, extraSourcesOf, NO_EXTRA_SOURCES, pageHeaders } from './security-headers'

const BASE =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

describe('the content security policy of a page', () => {
  test.each([
    ['a page with no inline blocks', '<p>hi</p><script type="module" src="/assets/a.js"></script>', BASE],
    [
      'an inline stylesheet (hashed exactly as written)',
      '<style>body{margin:0}</style>',
      BASE.replace(
        "style-src 'self'",
        "style-src 'self' 'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='",
      ),
    ],
    [
      'an inline script with attributes',
      '<SCRIPT type="module">console.log(1)</SCRIPT >',
      BASE.replace(
        "script-src 'self'",
        "script-src 'self' 'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='",
      ),
    ],
    [
      'a JSON data block (never run: no hash)',
      '<script type="application/json" id="xdance-page">{"locale":"zh"}</script>',
      BASE,
    ],
    [
      'the same block twice (one hash)',
      '<style>body{margin:0}</style><style>body{margin:0}</style>',
      BASE.replace(
        "style-src 'self'",
        "style-src 'self' 'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='",
      ),
    ],
    [
      'a JSON data block (the settings) is never run: no hash',
      '<script type="application/json" id="xdance-settings">{"a":1}</script>',
      BASE,
    ],
    [
      'a script typed text/javascript is run: hashed',
      '<script type="text/javascript">1</script>',
      BASE.replace(
        "script-src 'self'",
        "script-src 'self' 'sha256-a4ayc/80/OGda4BO/1o/V0etpOqiLx1JwB5S3beHW0s='",
      ),
    ],
  ])('%s', (_name, html, expected) => {
    expect(contentSecurityPolicy(html)).toBe(expected)
  })

  test('the policy of a version is computed once, and again for a new version', () => {
    let reads = 0
    const read = (html: string) => () => {
      reads++
      return html
    }
    const first = pageHeaders(read('<style>a{}</style>'), 'index.html:v1')
    expect(pageHeaders(read('<style>a{}</style>'), 'index.html:v1')).toEqual(first)
    expect(reads).toBe(1)
    const second = pageHeaders(read('<style>b{}</style>'), 'index.html:v2')
    expect(reads).toBe(2)
    expect(second['content-security-policy']).not.toBe(first['content-security-policy'])
    expect(first).toMatchObject({
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
    })
  })
})

describe('the third-party origins of the settings', () => {
  const wechat = {
    officialAccountAppId: 'wx1234567890abcdef',
    oauthAuthorizeURL: 'https://open.weixin.qq.com/connect/oauth2/authorize',
    jsSdkScriptURL: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
    iconFontScriptURL: '',
  }
  test.each([
    ['every setting empty: the policy of today', NO_SETTINGS, BASE],
    [
      'the demo (same-origin paths): nothing added',
      {
        officialAccountAppId: 'wx0000000000demo0',
        oauthAuthorizeURL: '/dance-gateway/wechat-demo/authorize',
        jsSdkScriptURL: '/dance-gateway/wechat-demo/jweixin.js',
        iconFontScriptURL: '/dance-gateway/wechat-demo/iconfont.js',
      },
      BASE,
    ],
    [
      'WeChat: the JS-SDK host for scripts, calls and images, the authorise host for images',
      wechat,
      BASE.replace("script-src 'self'", "script-src 'self' https://res.wx.qq.com")
        .replace(
          "img-src 'self' data:",
          "img-src 'self' data: https://res.wx.qq.com https://open.weixin.qq.com",
        )
        .replace("connect-src 'self'", "connect-src 'self' https://res.wx.qq.com"),
    ],
    [
      'an icon font only: its host for scripts',
      { ...NO_SETTINGS, iconFontScriptURL: 'https://at.alicdn.com/t/c/font_1.js' },
      BASE.replace("script-src 'self'", "script-src 'self' https://at.alicdn.com"),
    ],
    [
      'both on one host: named once',
      { ...wechat, iconFontScriptURL: 'https://res.wx.qq.com/font.js' },
      BASE.replace("script-src 'self'", "script-src 'self' https://res.wx.qq.com")
        .replace(
          "img-src 'self' data:",
          "img-src 'self' data: https://res.wx.qq.com https://open.weixin.qq.com",
        )
        .replace("connect-src 'self'", "connect-src 'self' https://res.wx.qq.com"),
    ],
  ])('%s', (_name, settings, expected) => {
    expect(contentSecurityPolicy('<p>x</p>', extraSourcesOf(settings))).toBe(expected)
  })

  test('no extra sources is the default', () => {
    expect(contentSecurityPolicy('<p>x</p>', NO_EXTRA_SOURCES)).toBe(contentSecurityPolicy('<p>x</p>'))
  })

  test('the same page version with other settings gets its own policy, not a cached one', () => {
    const plain = pageHeaders(() => '<p>x</p>', 'v-extra')['content-security-policy']
    const extra = pageHeaders(() => '<p>x</p>', 'v-extra', extraSourcesOf(wechat))['content-security-policy']
    expect(plain).toBe(BASE)
    expect(extra).toContain('https://res.wx.qq.com')
  })
})
