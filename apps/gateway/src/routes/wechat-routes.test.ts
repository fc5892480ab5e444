import { TERMS_VERSION } from '@xdance/contract'
import { ENDPOINTS } from '@xdance/contract/schemas'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_WECHAT } from '../emulation/wechat/wechat-account'
import { DEMO_CODE_TTL_MS } from '../emulation/wechat/wechat-server'
import { jsSdkSignature } from '../parties/wechat/js-sdk-signature'
import { invitedBy } from '../services/wechat-visitors'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'
import { demoAuthorize } from '../testing/wechat-helpers'

let gw: TestGateway
let off: TestGateway

beforeAll(async () => {
  gw = await startTestGateway()
  off = await startTestGateway({ wechat: false })
})

afterAll(async () => {
  await gw?.close()
  await off?.close()
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

describe('GET /client-settings: what a page needs of this deployment', () => {
  const settingsOf = async (on: TestGateway) => {
    const res = await fetch(`${on.apiUrl}/client-settings`)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const answer = (await res.json()) as { code: number; data: unknown }
    expect(answer.code).toBe(200)
    // What the contract promises a client, checked by its own schema.
    return v.parse(ENDPOINTS['GET /client-settings'].answer, answer.data)
  }

  test('demo mode: the emulation’s addresses', async () => {
    expect(await settingsOf(gw)).toEqual({
      officialAccountAppId: DEMO_WECHAT.appId,
      oauthAuthorizeURL: '/dance-gateway/wechat-demo/authorize',
      jsSdkScriptURL: '/dance-gateway/wechat-demo/jweixin.js',
      iconFontScriptURL: '/dance-gateway/wechat-demo/iconfont.js',
    })
  })

  test('a real account: WeChat’s addresses, and never the secret', async () => {
    const real = await startTestGateway({
      demo: false,
      wechat: {
        appId: 'wx1234567890abcdef',
        appSecret: 'TOP-SECRET',
        iconFontScriptURL: 'https://at.alicdn.com/f.js',
      },
    })
    try {
      const text = await (await fetch(`${real.apiUrl}/client-settings`)).text()
      expect(text).not.toContain('TOP-SECRET')
      expect(await settingsOf(real)).toEqual({
        officialAccountAppId: 'wx1234567890abcdef',
        oauthAuthorizeURL: 'https://open.weixin.qq.com/connect/oauth2/authorize',
        jsSdkScriptURL: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
        iconFontScriptURL: 'https://at.alicdn.com/f.js',
      })
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

describe('signing in binds the openId this browser proved, never one from the body', () => {
  /** A browser: the cookies the gateway set on it (the proof), sent back on each call. */
  const browser = () => {
    const jar = new Map<string, string>()
    const call = async <T>(method: string, path: string, body?: unknown) => {
      const res = await fetch(`${gw.apiUrl}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';')
        const [name = '', value = ''] = pair.split('=')
        if (/max-age=0/i.test(line) || value === '') jar.delete(name)
        else jar.set(name, value)
      }
      return { res, body: (await res.json()) as { code: number; data: T } }
    }
    return { jar, call }
  }
  /** The silent authorisation in `b`, as the WeChat user of `wechatCookie` (a new one when absent). */
  const authorise = async (b: ReturnType<typeof browser>, wechatCookie?: string) => {
    const visit = await demoAuthorize(gw, { cookie: wechatCookie })
    const openId = (await b.call<{ openId: string }>('POST', '/wechat/oauth', { code: visit.code })).body.data
      .openId
    lastWechatCookie = visit.cookie
    return openId
  }
  let lastWechatCookie: string | undefined
  const signIn = async (b: ReturnType<typeof browser>, phone: string, extra: Record<string, string> = {}) => {
    // One code a minute per phone.
    gw.clock.advance(61_000)
    await gw.call('POST', '/auth/sms', { body: { phone, consent: TERMS_VERSION } })
    const code = gw.lastCode(phone)
    return (await b.call<{ openId: string; token: string }>('POST', '/auth/login', { phone, code, ...extra }))
      .body
  }

  test('the code exchange leaves an httpOnly, signed, short-lived proof under the prefix', async () => {
    const b = browser()
    const res = await fetch(`${gw.apiUrl}/wechat/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: (await demoAuthorize(gw)).code }),
    })
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('xdance-wx-proof=')) ?? ''
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\/dance-gateway/)
    expect(cookie).toMatch(/Max-Age=1800/)
    expect(b.jar.size).toBe(0)
  })

  test('a new customer takes the proved openId; /me says the same; the proof is spent', async () => {
    const b = browser()
    const openId = await authorise(b)
    const answer = await signIn(b, '13911110001')
    expect(answer.data.openId).toBe(openId)
    const me = await gw.call<{ openId: string }>('GET', '/me', { auth: `Bearer ${answer.data.token}` })
    expect(me.body.data.openId).toBe(openId)
    expect(b.jar.has('xdance-wx-proof')).toBe(false)
  })

  test('an openId in the body binds nothing, even one WeChat vouched for in another browser', async () => {
    const victim = browser()
    const victimOpenId = await authorise(victim)
    await signIn(victim, '13911110002')
    const attacker = browser()
    const answer = await signIn(attacker, '13911110003', { openId: victimOpenId })
    expect(answer.data.openId).not.toBe(victimOpenId)
    const victimAgain = await signIn(browser(), '13911110002')
    expect(victimAgain.data.openId).toBe(victimOpenId)
  })

  test.each([
    ['forged (signed with another key)', (p: string) => p.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`)],
    ['for another openId', (p: string) => p.replace(/^[^.]+/, 'oDemoSomeoneElse')],
    ['with its expiry moved', (p: string) => p.replace(/\.(\d+)\./, (_m, t) => `.${Number(t) + 3_600_000}.`)],
  ])('a proof %s binds nothing', async (_name, tamper) => {
    const b = browser()
    const openId = await authorise(b)
    b.jar.set('xdance-wx-proof', tamper(b.jar.get('xdance-wx-proof') ?? ''))
    expect((await signIn(b, '13911110004')).data.openId).not.toBe(openId)
  })

  test('a proof older than 30 minutes binds nothing', async () => {
    const b = browser()
    const openId = await authorise(b)
    gw.clock.advance(30 * 60_000)
    expect((await signIn(b, '13911110005')).data.openId).not.toBe(openId)
  })

  test('one openId, one account: proved again with another account’s SMS sign-in, it moves and the first is told', async () => {
    const b = browser()
    const openId = await authorise(b)
    const first = await signIn(b, '13911110006')
    expect(first.data.openId).toBe(openId)
    // The same WeChat user, later, signs in to another account from the same phone.
    expect(await authorise(b, lastWechatCookie)).toBe(openId)
    const second = await signIn(b, '13911110007')
    expect(second.data.openId).toBe(openId)
    const firstMe = await gw.call<{ openId: string }>('GET', '/me', { auth: `Bearer ${first.data.token}` })
    expect(firstMe.body.data.openId).not.toBe(openId)
    expect(firstMe.body.data.openId).toMatch(/^o_/)
    const notices = await gw.call<{ list: Array<{ kind: string; body: string }> }>('GET', '/notices', {
      auth: `Bearer ${first.data.token}`,
    })
    expect(notices.body.data.list).toEqual([
      expect.objectContaining({ kind: 'wechat-moved', body: expect.stringContaining('139****0007') }),
    ])
    const outbox = (await (await fetch(`${gw.apiUrl}/__dev/outbox`)).json()) as Array<Record<string, string>>
    expect(outbox.filter((m) => m.kind === 'wechat-moved')).toEqual([
      expect.objectContaining({ channel: 'sms', recipient: '13911110006' }),
    ])
  })
})

describe('the app-mode invite id', () => {
  test('is recorded on the first sign-in of a new phone, and only then', async () => {
    const ctxGateway = gw
    const signIn = async (phone: string, inviteId: string) => {
      await ctxGateway.call('POST', '/auth/sms', { body: { phone, consent: TERMS_VERSION } })
      const code = ctxGateway.lastCode(phone)
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
