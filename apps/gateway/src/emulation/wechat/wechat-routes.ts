import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { GatewayContext } from '../../core/context'
import { requestOrigin } from '../../limits/client-address'
import { jsSdkSignature } from '../../parties/wechat/js-sdk-signature'
import type { Api, GatewayEnv } from '../../routes/gateway-env'
import { DEMO_PAY_PATH } from '../wechat-pay/wechat-pay-pages'
import { DEMO_WECHAT } from './wechat-account'
import { demoIconFontScript, demoJsSdkScript } from './wechat-scripts'
import { demoOpenId, issueDemoCode } from './wechat-server'

/** The cookie by which the emulated authorise page knows a visitor (as WeChat knows its logged-in user). */
export const DEMO_VISITOR_COOKIE = 'xdance-wechat-demo-visitor'

const SCRIPT_HEADERS = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }

/**
 * Demo mode's WeChat, under `<prefix>/wechat-demo`: the web-authorisation page (`/authorize`: checks the app id, the
 * scope and that `redirect_uri` is on the host the visitor reached, then redirects back with a one-time `code` for the
 * visitor's stable fake openId and the `state` untouched), the JS-SDK stand-in (`/jweixin.js`) and the check of its
 * signature (`/verify`), and an icon-font symbol script (`/iconfont.js`).
 */
export function mountWechatDemoRoutes(api: Api, ctx: GatewayContext, appId: string): void {
  const base = DEMO_WECHAT.path

  api.get(`${base}/authorize`, (c) => {
    const query = c.req.query()
    const redirect = readRedirect(query.redirect_uri, new URL(requestOrigin(c.req, ctx.trustProxy)).host)
    // WeChat answers a bad request with its own error page, never a redirect.
    if (query.appid !== appId) return errorPage(c, '10003', 'redirect_uri 参数错误 / appid 不匹配')
    if (!redirect) return errorPage(c, '10003', 'redirect_uri 域名与后台配置不一致')
    if (query.response_type !== 'code') return errorPage(c, '10004', 'response_type 参数错误')
    if (query.scope !== 'snsapi_base' && query.scope !== 'snsapi_userinfo') {
      return errorPage(c, '10005', 'scope 参数错误或没有 scope 权限')
    }
    let visitor = getCookie(c, DEMO_VISITOR_COOKIE)
    if (!visitor || !/^[\w-]{16,64}$/.test(visitor)) {
      visitor = randomBytes(16).toString('base64url')
      setCookie(c, DEMO_VISITOR_COOKIE, visitor, {
        path: `${ctx.prefix}${base}`,
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: 365 * 86_400,
      })
    }
    redirect.searchParams.set('code', issueDemoCode(ctx, demoOpenId(visitor)))
    redirect.searchParams.set('state', query.state ?? '')
    return c.redirect(redirect.href, 302)
  })

  api.get(`${base}/jweixin.js`, (c) =>
    c.body(
      demoJsSdkScript(`${ctx.prefix}${base}/verify`, `${ctx.prefix}${DEMO_PAY_PATH}/jsapi`),
      200,
      SCRIPT_HEADERS,
    ),
  )
  api.get(`${base}/iconfont.js`, (c) => c.body(demoIconFontScript(), 200, SCRIPT_HEADERS))

  // What WeChat's client does with wx.config: recompute the signature with the ticket and compare.
  api.post(`${base}/verify`, async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null
    const text = (key: string) => (typeof body?.[key] === 'string' ? (body[key] as string) : '')
    const timestamp = typeof body?.timestamp === 'number' ? body.timestamp : Number.NaN
    if (text('appId') !== appId || !Number.isSafeInteger(timestamp)) return c.json({ valid: false })
    const expected = jsSdkSignature({
      ticket: DEMO_WECHAT.ticket,
      nonceStr: text('nonceStr'),
      timestamp,
      url: text('url'),
    })
    const given = text('signature')
    const valid =
      given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
    return c.json({ valid })
  })
}

// The redirect must go back to this gateway's own host (WeChat's "authorised callback domain").
// The account's configured web-authorisation domain is, in the demo, the host the visitor reached (behind a trusted
// proxy, the one it says: the app's server of `npm start`).
function readRedirect(value: string | undefined, host: string): URL | undefined {
  if (!value) return undefined
  try {
    const target = new URL(value)
    if (!/^https?:$/.test(target.protocol) || target.host !== host) return undefined
    target.hash = ''
    return target
  } catch {
    return undefined
  }
}

function errorPage(c: Context<GatewayEnv>, code: string, message: string): Response {
  return c.text(`WeChat (demo) ${code}: ${message}`, 400)
}
