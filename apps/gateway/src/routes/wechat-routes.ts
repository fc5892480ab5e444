import { randomBytes } from 'node:crypto'
import { setCookie } from 'hono/cookie'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { requestOrigin } from '../limits/client-address'
import { jsSdkSignature } from '../parties/wechat/js-sdk-signature'
import type { WechatRuntime } from '../parties/wechat/wechat-port'
import { WECHAT_PROOF_COOKIE, WECHAT_PROOF_TTL_MS, wechatProof } from '../services/wechat-identity'
import { recordWechatVisitor } from '../services/wechat-visitors'
import { endpointRoutes } from './endpoint-route'
import type { Api } from './gateway-env'

// An http(s) page's origin, or '' for anything else (a javascript: or data: URL has none worth signing).
const originOf = (url: string): string => {
  try {
    const parsed = new URL(url)
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : ''
  } catch {
    return ''
  }
}

const off = () => new Refusal('NOT_FOUND', { msg: '未开启微信公众号', tips: '此部署未设置公众号 AppID' })

/**
 * `POST /wechat/oauth` (a silent-authorisation code for the visitor's openId, remembered so that a sign-in may bind
 * it) and `POST /wechat/js-config` (the JS-SDK signature of a page). Both answer `NOT_FOUND` while WeChat is off.
 */
export function mountWechatRoutes(api: Api, ctx: GatewayContext, wechat: WechatRuntime | null): void {
  const on = endpointRoutes(api, ctx)
  on('POST /wechat/oauth', async ({ body }, c) => {
    if (!wechat) throw off()
    const openId = await wechat.api.exchangeCode(body.code)
    if (!openId) throw new Refusal('FORBIDDEN', { msg: '微信授权已失效，请重新打开页面' })
    recordWechatVisitor(ctx, openId)
    // The proof a later sign-in binds from: httpOnly (the page's scripts cannot read or forge it), signed, short.
    setCookie(c, WECHAT_PROOF_COOKIE, wechatProof(ctx, openId), {
      httpOnly: true,
      sameSite: 'Lax',
      path: ctx.prefix,
      maxAge: WECHAT_PROOF_TTL_MS / 1000,
      secure: requestOrigin(c.req, ctx.trustProxy).startsWith('https:'),
    })
    return { openId }
  })

  on('POST /wechat/js-config', async ({ body: { url } }, c) => {
    if (!wechat) throw off()
    const allowed =
      wechat.pageOrigins.length > 0 ? wechat.pageOrigins : [requestOrigin(c.req, ctx.trustProxy)]
    if (!allowed.includes(originOf(url))) {
      throw new Refusal('FORBIDDEN', {
        msg: '只能为本应用的页面签名',
        tips: '页面地址不在 GATEWAY_APP_ORIGINS 中',
        httpStatus: 403,
      })
    }
    const ticket = await wechat.api.jsapiTicket()
    const nonceStr = randomBytes(12).toString('base64url')
    const timestamp = Math.floor(ctx.now() / 1000)
    const signature = jsSdkSignature({ ticket, nonceStr, timestamp, url })
    return { appId: wechat.appId, timestamp, nonceStr, signature }
  })
}
