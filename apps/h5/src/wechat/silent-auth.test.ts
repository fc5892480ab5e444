import { describe, expect, test } from 'vitest'
import { type AuthFacts, authorizeUrl, authStep, newState, readAuthReturn } from './silent-auth'

describe('authorizeUrl', () => {
  test.each([
    [
      'WeChat’s page, the parameters in its order, the fragment dropped from the return address',
      'https://open.weixin.qq.com/connect/oauth2/authorize',
      'https://h5.example.com/classes/7?a=1#x',
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1234567890abcdef&redirect_uri=https%3A%2F%2Fh5.example.com%2Fclasses%2F7%3Fa%3D1&response_type=code&scope=snsapi_base&state=S1#wechat_redirect',
    ],
    [
      'the demo’s same-origin page',
      '/dance-gateway/wechat-demo/authorize',
      'http://127.0.0.1:8080/marketing/article?id=1&sharer=7',
      '/dance-gateway/wechat-demo/authorize?appid=wx1234567890abcdef&redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2Fmarketing%2Farticle%3Fid%3D1%26sharer%3D7&response_type=code&scope=snsapi_base&state=S1#wechat_redirect',
    ],
    [
      'an authorise address with a query of its own',
      'https://proxy.example.com/oauth?x=1',
      'https://h5.example.com/',
      'https://proxy.example.com/oauth?x=1&appid=wx1234567890abcdef&redirect_uri=https%3A%2F%2Fh5.example.com%2F&response_type=code&scope=snsapi_base&state=S1#wechat_redirect',
    ],
  ])('%s', (_name, authorize, page, expected) => {
    expect(authorizeUrl(authorize, 'wx1234567890abcdef', page, 'S1')).toBe(expected)
  })
})

describe('readAuthReturn', () => {
  test.each([
    [
      'code and state after the page’s query',
      'https://h.test/classes/7?a=1&code=C&state=S',
      'C',
      'S',
      'https://h.test/classes/7?a=1',
    ],
    ['only code and state', 'https://h.test/?code=C&state=S', 'C', 'S', 'https://h.test/'],
    [
      'the page’s own parameters keep their order',
      'https://h.test/marketing/article?id=1&code=C&sharer=7&state=S',
      'C',
      'S',
      'https://h.test/marketing/article?id=1&sharer=7',
    ],
    ['a fragment stays', 'https://h.test/x?code=C&state=S#top', 'C', 'S', 'https://h.test/x#top'],
    [
      'the #wechat_redirect the browser carried back goes',
      'https://h.test/x?id=1&code=C&state=S#wechat_redirect',
      'C',
      'S',
      'https://h.test/x?id=1',
    ],
    ['a state without code (no consent)', 'https://h.test/x?state=S', undefined, 'S', 'https://h.test/x'],
    ['nothing', 'https://h.test/x?id=1', undefined, undefined, 'https://h.test/x?id=1'],
    [
      'empty values count as absent',
      'https://h.test/x?code=&state=',
      undefined,
      undefined,
      'https://h.test/x',
    ],
  ])('%s', (_name, href, code, state, pageUrl) => {
    expect(readAuthReturn(href)).toEqual({ code, state, pageUrl })
  })
})

describe('authStep', () => {
  const base: AuthFacts = {
    enabled: true,
    href: 'https://h.test/classes/7?a=1',
    hasOpenId: false,
    storedState: undefined,
    tried: false,
  }
  test.each<[string, Partial<AuthFacts>, ReturnType<typeof authStep>]>([
    ['off (not WeChat, app mode, no app id): nothing', { enabled: false }, { kind: 'none' }],
    ['no openId, first time this session: redirect', {}, { kind: 'redirect' }],
    ['an openId already: nothing', { hasOpenId: true }, { kind: 'none' }],
    ['tried already this session (a refused exchange, a reload): nothing', { tried: true }, { kind: 'none' }],
    [
      'back with our state: exchange, the address cleaned',
      { href: 'https://h.test/classes/7?a=1&code=C&state=S', storedState: 'S', tried: true },
      { kind: 'exchange', code: 'C', pageUrl: 'https://h.test/classes/7?a=1' },
    ],
    [
      'back with another state: never exchanged, only cleaned',
      { href: 'https://h.test/x?code=C&state=EVIL', storedState: 'S', tried: true },
      { kind: 'strip', pageUrl: 'https://h.test/x' },
    ],
    [
      'back without a code: cleaned, no second redirect',
      { href: 'https://h.test/x?state=S', storedState: 'S', tried: true },
      { kind: 'strip', pageUrl: 'https://h.test/x' },
    ],
    [
      'a forwarded link carrying someone’s code, in a session that never went: not exchanged, redirect for our own',
      { href: 'https://h.test/x?code=C&state=S' },
      { kind: 'redirect' },
    ],
  ])('%s', (_name, facts, expected) => {
    expect(authStep({ ...base, ...facts })).toEqual(expected)
  })
})

describe('newState', () => {
  test('16 letters and digits, different each time', () => {
    const a = newState(crypto)
    const b = newState(crypto)
    expect(a).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(b).not.toBe(a)
  })
})
