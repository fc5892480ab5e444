import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { invitedBy } from '../services/wechat-visitors'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'
import { demoAuthorize } from '../testing/wechat-helpers'
import { DEMO_CODE_TTL_MS } from '../wechat/demo-wechat'
import { jsSdkSignature } from '../wechat/js-sdk-signature'
import { DEMO_WECHAT } from '../wechat/wechat-settings'

let gw: TestGateway
let off: TestGateway
let folder: string

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'xdance-wechat-'))
  mkdirSync(join(folder, 'dist'))
  writeFileSync(join(folder, 'dist', 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  gw = await startTestGateway({ staticDir: join(folder, 'dist') })
  off = await startTestGateway({ staticDir: join(folder, 'dist'), wechat: false })
})

afterAll(async () => {
  await gw?.close()
  await off?.close()
  rmSync(folder, { recursive: true, force: true })
})

const exchange = (code: string | null, on = gw) =>
  on.call<{ openId: string }>('POST', '/wechat/oauth', { body: { code } })

describe('the emulated authorise page (demo mode)', () => {
  test('redirects back to the page, query kept, with a one-time code and the state untouched', async () => {
    const answer = await demoAuthorize(gw, { query: { state: 'abc-123' } })
    expect(answer.status).toBe(302)
    const back = new URL(answer.location ?? '')
    expect(`${back.origin}${back.pathname}`).toBe(`${gw.url}/marketing/article`)
    expect(back.searchParams.get('id')).toBe('1')
    expect(back.searchParams.get('sharer')).toBe('7')
    expect(answer.state).toBe('abc-123')
    expect(answer.code).toMatch(/^[0-9a-f]{32}$/)
  })

  test('the same visitor gets the same openId every time; another visitor another one', async () => {
    const first = await demoAuthorize(gw)
    const again = await demoAuthorize(gw, { cookie: first.cookie })
    const other = await demoAuthorize(gw)
    const a = (await exchange(first.code)).body.data.openId
    const b = (await exchange(again.code)).body.data.openId
    const c = (await exchange(other.code)).body.data.openId
    expect(a).toMatch(/^oDemo/)
    expect(b).toBe(a)
    expect(c).not.toBe(a)
  })

  test.each([
    ['another app id', { appid: 'wx1111111111111111' }],
    ['a redirect to another host', { redirect_uri: 'https://evil.test/steal' }],
    ['a javascript: redirect', { redirect_uri: 'javascript:alert(1)' }],
    ['no redirect', { redirect_uri: '' }],
    ['an unknown scope', { scope: 'snsapi_everything' }],
    ['another response type', { response_type: 'token' }],
  ])('refuses %s with an error page, never a redirect', async (_name, query) => {
    const answer = await demoAuthorize(gw, { query })
    expect(answer.status).toBe(400)
    expect(answer.location).toBeNull()
  })
})

describe('POST /wechat/oauth', () => {
  test('a code is good once', async () => {
    const { code } = await demoAuthorize(gw)
    expect((await exchange(code)).body.code).toBe(200)
    const again = await exchange(code)
    expect(again.body.code).toBe(40301)
    expect(again.body.msg).toBe('微信授权已失效，请重新打开页面')
  })

  test('a code past its five minutes is refused', async () => {
    const { code } = await demoAuthorize(gw)
    gw.clock.advance(DEMO_CODE_TTL_MS + 1)
    expect((await exchange(code)).body.code).toBe(40301)
  })

  test.each([
    ['an unknown code', 'nope'],
    ['a malformed code', 'a b'],
  ])('%s is refused', async (_n, code) => {
    expect((await exchange(code)).body.code).not.toBe(200)
  })

  test('with WeChat off: not found, and no emulation mounted', async () => {
    expect((await exchange('x', off)).body.code).toBe(40401)
    expect((await demoAuthorize(off)).status).not.toBe(302)
  })
})

describe('POST /wechat/js-config', () => {
  const config = (url: string, on = gw) =>
    on.call<{ appId: string; timestamp: number; nonceStr: string; signature: string }>(
      'POST',
      '/wechat/js-config',
      {
        body: { url },
      },
    )

  test('signs the page (without its fragment) with the demo ticket, at the gateway’s clock', async () => {
    const url = `${gw.url}/marketing/article?id=1&sharer=7`
    const { data } = (await config(`${url}#top`)).body
    expect(data.appId).toBe(DEMO_WECHAT.appId)
    expect(data.timestamp).toBe(Math.floor(gw.clock.now().getTime() / 1000))
    expect(data.signature).toBe(
      jsSdkSignature({ ticket: DEMO_WECHAT.ticket, nonceStr: data.nonceStr, timestamp: data.timestamp, url }),
    )
  })

  test.each([
    ['another site', 'https://evil.example/phish'],
    ['the gateway’s host on another port', 'http://127.0.0.1:1/'],
    ['another site on the same host name but https', 'https://127.0.0.1/'],
  ])('refuses to sign a page of %s: 403 FORBIDDEN, and no ticket is asked for', async (_name, url) => {
    const res = await config(url)
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ code: 40301, msg: '只能为本应用的页面签名' })
    expect(res.body.data).toBeNull()
  })

  test('with GATEWAY_APP_ORIGINS only those origins are signed, not even the gateway’s own', async () => {
    const app = await startTestGateway({ appOrigins: ['https://h5.studio.example'] })
    try {
      expect((await config('https://h5.studio.example/classes/3', app)).body.code).toBe(200)
      expect((await config(`${app.url}/classes/3`, app)).status).toBe(403)
    } finally {
      await app.close()
    }
  })

  test('a fresh nonce each time', async () => {
    const a = (await config(`${gw.url}/`)).body.data
    const b = (await config(`${gw.url}/`)).body.data
    expect(a.nonceStr).not.toBe(b.nonceStr)
  })

  test('the emulated JS-SDK accepts the gateway’s signature and refuses a forged one', async () => {
    const url = `${gw.url}/classes/3`
    const { data } = (await config(url)).body
    const verify = async (body: object) =>
      (await (
        await fetch(`${gw.apiUrl}${DEMO_WECHAT.path}/verify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as { valid: boolean }
    expect(await verify({ ...data, url })).toEqual({ valid: true })
    expect(await verify({ ...data, url: `${url}?other=1` })).toEqual({ valid: false })
    expect(await verify({ ...data, signature: '0'.repeat(40), url })).toEqual({ valid: false })
  })

  test('a relative address is refused; WeChat off is not found', async () => {
    expect((await config('/classes/3')).body.code).toBe(40001)
    expect((await config(`${off.url}/`, off)).body.code).toBe(40401)
  })
})

describe('the demo scripts', () => {
  test.each([
    ['jweixin.js', 'updateAppMessageShareData'],
    ['iconfont.js', 'icon-home'],
  ])('%s is served as JavaScript', async (file, marker) => {
    const res = await fetch(`${gw.apiUrl}${DEMO_WECHAT.path}/${file}`)
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(await res.text()).toContain(marker)
  })
})

describe('the app’s page carries the settings', () => {
  const settingsOf = async (on: TestGateway) => {
    const html = await (await fetch(`${on.url}/marketing/article?id=1`)).text()
    return JSON.parse(/id="xdance-settings">(.*?)<\/script>/.exec(html)?.[1] ?? 'null')
  }

  test('demo mode: the emulation’s addresses', async () => {
    expect(await settingsOf(gw)).toEqual({
      officialAccountAppId: DEMO_WECHAT.appId,
      oauthAuthorizeURL: '/dance-gateway/wechat-demo/authorize',
      jsSdkScriptURL: '/dance-gateway/wechat-demo/jweixin.js',
      iconFontScriptURL: '/dance-gateway/wechat-demo/iconfont.js',
    })
  })

  test('a real account: WeChat’s addresses, and their hosts in the page’s policy', async () => {
    const real = await startTestGateway({
      staticDir: join(folder, 'dist'),
      demo: false,
      wechat: {
        appId: 'wx1234567890abcdef',
        appSecret: 'TOP-SECRET',
        iconFontScriptURL: 'https://at.alicdn.com/f.js',
      },
    })
    try {
      const res = await fetch(`${real.url}/`)
      const html = await res.text()
      expect(html).not.toContain('TOP-SECRET')
      expect(JSON.parse(/id="xdance-settings">(.*?)<\/script>/.exec(html)?.[1] ?? 'null')).toEqual({
        officialAccountAppId: 'wx1234567890abcdef',
        oauthAuthorizeURL: 'https://open.weixin.qq.com/connect/oauth2/authorize',
        jsSdkScriptURL: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
        iconFontScriptURL: 'https://at.alicdn.com/f.js',
      })
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("script-src 'self' https://res.wx.qq.com https://at.alicdn.com")
      expect(csp).toContain("connect-src 'self' https://res.wx.qq.com;")
      // No emulation outside demo mode.
      expect((await demoAuthorize(real)).status).not.toBe(302)
    } finally {
      await real.close()
    }
  })

  test('off: every setting empty', async () => {
    expect(await settingsOf(off)).toEqual({
      officialAccountAppId: '',
      oauthAuthorizeURL: '',
      jsSdkScriptURL: '',
      iconFontScriptURL: '',
    })
  })
})

describe('signing in binds the visitor’s openId', () => {
  const signIn = async (phone: string, extra: Record<string, string>) => {
    // One code a minute per phone.
    gw.clock.advance(61_000)
    await gw.call('POST', '/auth/sms', { body: { phone } })
    const code = /sms code for \d+\*+\d+: (\d{6})/.exec(
      gw.logs.filter((l) => l.includes('sms code')).at(-1) ?? '',
    )?.[1]
    return gw.call<{ openId: string; userId: string; token: string }>('POST', '/auth/login', {
      body: { phone, code, ...extra },
    })
  }
  const visitorOpenId = async () => (await exchange((await demoAuthorize(gw)).code)).body.data.openId

  test('a new customer takes the visitor’s openId; /me says the same', async () => {
    const openId = await visitorOpenId()
    const answer = await signIn('13911110001', { openId })
    expect(answer.body.data.openId).toBe(openId)
    const me = await gw.call<{ openId: string }>('GET', '/me', { auth: `Bearer ${answer.body.data.token}` })
    expect(me.body.data.openId).toBe(openId)
  })

  test('an existing customer without WeChat takes it; one already bound keeps theirs', async () => {
    await signIn('13911110002', {})
    const first = await visitorOpenId()
    expect((await signIn('13911110002', { openId: first })).body.data.openId).toBe(first)
    const second = await visitorOpenId()
    expect((await signIn('13911110002', { openId: second })).body.data.openId).toBe(first)
  })

  test('an openId WeChat never vouched for, or another customer’s, is not bound', async () => {
    const made = (await signIn('13911110003', { openId: 'oForged123' })).body.data.openId
    expect(made).not.toBe('oForged123')
    const taken = await visitorOpenId()
    await signIn('13911110004', { openId: taken })
    expect((await signIn('13911110005', { openId: taken })).body.data.openId).not.toBe(taken)
  })
})

describe('the app-mode invite id', () => {
  test('is recorded on the first sign-in of a new phone, and only then', async () => {
    const ctxGateway = gw
    const signIn = async (phone: string, inviteId: string) => {
      await ctxGateway.call('POST', '/auth/sms', { body: { phone } })
      const code = /: (\d{6})$/.exec(ctxGateway.logs.filter((l) => l.includes('sms code')).at(-1) ?? '')?.[1]
      return ctxGateway.call<{ userId: string }>('POST', '/auth/login', { body: { phone, code, inviteId } })
    }
    const created = await signIn('13922220001', 'inv-7')
    expect(
      gw.logs.some((line) =>
        line.includes(`customer ${created.body.data.userId} signed up invited by "inv-7"`),
      ),
    ).toBe(true)
    gw.clock.advance(61_000)
    await signIn('13922220001', 'inv-8')
    expect(gw.logs.some((line) => line.includes('invited by "inv-8"'))).toBe(false)
    expect(invitedBy).toBeTypeOf('function')
  })
})
