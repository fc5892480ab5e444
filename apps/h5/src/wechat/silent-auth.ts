/** Session-storage keys of the silent authorisation (one browser session = one WeChat web view's life). */
export const OAUTH_STATE_KEY = 'xdance-wechat-oauth-state'
export const OAUTH_TRIED_KEY = 'xdance-wechat-oauth-tried'

/**
 * The address of WeChat's web-authorisation page for a silent (`snsapi_base`) authorisation: it comes back to
 * `redirectUri` (the page, without its fragment) with `code` and `state` added. WeChat wants the parameters in this
 * order and the `#wechat_redirect` fragment.
 *
 * @example
 * authorizeUrl('https://open.weixin.qq.com/connect/oauth2/authorize', 'wx1234567890abcdef', 'https://h5.example.com/classes/7?a=1#x', 's1')
 * // 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1234567890abcdef&redirect_uri=https%3A%2F%2Fh5.example.com%2Fclasses%2F7%3Fa%3D1&response_type=code&scope=snsapi_base&state=s1#wechat_redirect'
 */
export function authorizeUrl(authorize: string, appId: string, pageUrl: string, state: string): string {
  const hash = pageUrl.indexOf('#')
  const query = new URLSearchParams({
    appid: appId,
    redirect_uri: hash === -1 ? pageUrl : pageUrl.slice(0, hash),
    response_type: 'code',
    scope: 'snsapi_base',
    state,
  })
  return `${authorize}${authorize.includes('?') ? '&' : '?'}${query}#wechat_redirect`
}

/** What the page's address says about a return from the authorisation. */
export interface AuthReturn {
  code: string | undefined
  state: string | undefined
  /** The page's address without `code` and `state`: where the visitor really is. */
  pageUrl: string
}

/**
 * Reads `code` and `state` off a page address and gives the address without them and without the
 * `#wechat_redirect` fragment the redirect brought back (other parameters, their order and another fragment kept).
 *
 * @example
 * readAuthReturn('https://h5.example.com/classes/7?a=1&code=C&state=S')
 * // { code: 'C', state: 'S', pageUrl: 'https://h5.example.com/classes/7?a=1' }
 */
export function readAuthReturn(href: string): AuthReturn {
  const url = new URL(href)
  const code = url.searchParams.get('code') ?? undefined
  const state = url.searchParams.get('state') ?? undefined
  url.searchParams.delete('code')
  url.searchParams.delete('state')
  // The browser carries the authorise address's fragment through WeChat's redirect back.
  if (url.hash === '#wechat_redirect') url.hash = ''
  // URL writes `?` for an empty query: drop it, so the address is the one the visitor opened.
  const pageUrl = url.href.replace(/\?(?=#|$)/, '')
  return { code: code || undefined, state: state || undefined, pageUrl }
}

/** What the silent authorisation should do on this load. */
export type AuthStep =
  | { kind: 'none' }
  | { kind: 'redirect' }
  | { kind: 'exchange'; code: string; pageUrl: string }
  | { kind: 'strip'; pageUrl: string }

/** What decides the step. */
export interface AuthFacts {
  /** Inside WeChat, in normal mode, with an app id and an authorise address. */
  enabled: boolean
  href: string
  hasOpenId: boolean
  /** The state this browser session sent, if any. */
  storedState: string | undefined
  /** Whether this browser session already went to WeChat once. */
  tried: boolean
}

/**
 * The step of this load: back from WeChat with our `state` → exchange the code (and take code and state off the
 * address); back with a `state` that is not ours → only take them off (a forged or stale link is never exchanged);
 * no openId and not tried in this browser session → redirect; otherwise nothing. Once per browser session: a
 * refused exchange or a return without a code never leads to a second redirect.
 *
 * @example
 * authStep({ enabled: true, href: 'https://h5.example.com/', hasOpenId: false, storedState: undefined, tried: false })
 * // { kind: 'redirect' }
 */
export function authStep(facts: AuthFacts): AuthStep {
  if (!facts.enabled) return { kind: 'none' }
  const back = readAuthReturn(facts.href)
  if (facts.storedState !== undefined && back.state !== undefined) {
    if (back.state === facts.storedState && back.code !== undefined) {
      return { kind: 'exchange', code: back.code, pageUrl: back.pageUrl }
    }
    return { kind: 'strip', pageUrl: back.pageUrl }
  }
  if (!facts.hasOpenId && !facts.tried) return { kind: 'redirect' }
  return { kind: 'none' }
}

/**
 * A `state` for one authorisation: 16 letters and digits (WeChat takes up to 128 of `a-zA-Z0-9`).
 *
 * @example
 * newState(crypto) // 'q3Xk9…'
 */
export function newState(random: Pick<Crypto, 'getRandomValues'>): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = random.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')
}
