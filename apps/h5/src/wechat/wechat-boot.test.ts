import type { GatewayClient } from '@xdance/http'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppSettings } from '../config/settings'
import { installFakeBrowser } from '../testing/fake-browser'
import { OAUTH_STATE_KEY, OAUTH_TRIED_KEY } from './silent-auth'
import { startWechat } from './wechat-boot'

const WECHAT = 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30)'
const SETTINGS: AppSettings = {
  officialAccountAppId: 'wx1234567890abcdef',
  oauthAuthorizeURL: 'https://open.weixin.qq.com/connect/oauth2/authorize',
  jsSdkScriptURL: '',
  iconFontScriptURL: '',
}

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => browser?.reset())

// A page as the start-up sees it: where it goes, what it rewrites, what it asks the gateway.
function page(href: string, answer: (body: unknown) => Promise<unknown> = async () => ({ openId: 'oX' })) {
  const seen = { replaced: [] as string[], rewritten: [] as string[], posted: [] as unknown[] }
  const win = {
    navigator: { userAgent: WECHAT },
    location: { href, replace: (url: string) => seen.replaced.push(url) },
    history: {
      state: null,
      replaceState: (_s: unknown, _t: string, url: string) => seen.rewritten.push(url),
    },
    crypto,
  } as unknown as Window
  const client = {
    request: (path: string, options: { method?: string; body?: unknown }) => {
      seen.posted.push(`${options.method} ${path}`, options.body)
      return answer(options.body)
    },
  } as unknown as GatewayClient
  return {
    seen,
    env: { settingsText: JSON.stringify(SETTINGS), mode: 'web' as const, client, doc: {} as Document, win },
  }
}

describe('startWechat', () => {
  it('leaves once for the silent authorisation, with a state it keeps for the session', () => {
    browser = installFakeBrowser()
    const { seen, env } = page('https://h.test/classes/7?a=1')
    const boot = startWechat(env)
    expect(boot.redirecting).toBe(true)
    expect(seen.replaced).toHaveLength(1)
    const target = new URL(seen.replaced[0] ?? '')
    const state = browser.sessionStorage.getItem(OAUTH_STATE_KEY)
    expect(target.searchParams.get('state')).toBe(state)
    expect(target.searchParams.get('redirect_uri')).toBe('https://h.test/classes/7?a=1')
    expect(browser.sessionStorage.getItem(OAUTH_TRIED_KEY)).toBe('1')
  })

  it('back with its state: cleans the address, exchanges the code, stores the openId', async () => {
    browser = installFakeBrowser()
    browser.sessionStorage.setItem(OAUTH_STATE_KEY, 'S1')
    browser.sessionStorage.setItem(OAUTH_TRIED_KEY, '1')
    const { seen, env } = page('https://h.test/classes/7?a=1&code=C9&state=S1#wechat_redirect')
    const boot = startWechat(env)
    expect(boot.redirecting).toBe(false)
    expect(seen.rewritten).toEqual(['https://h.test/classes/7?a=1'])
    await boot.ready
    expect(seen.posted).toEqual(['POST /wechat/oauth', { code: 'C9' }])
    expect(browser.localStorage.getItem('openId')).toBe('oX')
    expect(browser.sessionStorage.getItem(OAUTH_STATE_KEY)).toBeNull()
  })

  it('a refused exchange settles without openId and without a second trip', async () => {
    browser = installFakeBrowser()
    browser.sessionStorage.setItem(OAUTH_STATE_KEY, 'S1')
    browser.sessionStorage.setItem(OAUTH_TRIED_KEY, '1')
    const { seen, env } = page('https://h.test/?code=C9&state=S1', () => Promise.reject(new Error('40301')))
    const boot = startWechat(env)
    await boot.ready
    expect(browser.localStorage.getItem('openId')).toBeNull()
    const again = page('https://h.test/')
    expect(startWechat(again.env).redirecting).toBe(false)
    expect([...seen.replaced, ...again.seen.replaced]).toEqual([])
  })

  it.each([
    ['app mode', { mode: 'app' as const }],
    ['no app id', { settingsText: JSON.stringify({ ...SETTINGS, officialAccountAppId: '' }) }],
    [
      'an app id of the wrong shape',
      { settingsText: JSON.stringify({ ...SETTINGS, officialAccountAppId: 'wx1' }) },
    ],
    ['no authorise address', { settingsText: JSON.stringify({ ...SETTINGS, oauthAuthorizeURL: '' }) }],
    [
      'an http authorise address',
      { settingsText: JSON.stringify({ ...SETTINGS, oauthAuthorizeURL: 'http://x.test/a' }) },
    ],
  ])('%s: never leaves', (_name, change) => {
    browser = installFakeBrowser()
    const { seen, env } = page('https://h.test/')
    expect(startWechat({ ...env, ...change }).redirecting).toBe(false)
    expect(seen.replaced).toEqual([])
  })

  it('an ordinary browser never leaves', () => {
    browser = installFakeBrowser()
    const { seen, env } = page('https://h.test/')
    const win = {
      ...env.win,
      navigator: { userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126' },
    } as Window
    expect(startWechat({ ...env, win }).redirecting).toBe(false)
    expect(seen.replaced).toEqual([])
  })
})
