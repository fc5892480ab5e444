import { createHash } from 'node:crypto'

/** What the JS-SDK signature covers (WeChat's JS-SDK documentation, appendix 1). */
export interface JsSdkSignatureInput {
  /** The official account's `jsapi_ticket`. */
  ticket: string
  nonceStr: string
  /** Seconds since the epoch. */
  timestamp: number
  /** The page's full address; its `#` fragment is not signed. */
  url: string
}

/**
 * The signature `wx.config` takes: the SHA-1 (hex) of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the fields in
 * that (ASCII) order, their values as they are (not URL-encoded), the URL without its `#` fragment.
 *
 * @example
 * ```ts
 * jsSdkSignature({ ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
 *   nonceStr: 'Wm3WZYTPz0wzccnW', timestamp: 1414587457, url: 'http://mp.weixin.qq.com?params=value' })
 * // '0f9de62fce790f9a083d5c99e95740ceb90c27ed'
 * ```
 */
export function jsSdkSignature({ ticket, nonceStr, timestamp, url }: JsSdkSignatureInput): string {
  const hash = url.indexOf('#')
  const signed = hash === -1 ? url : url.slice(0, hash)
  return createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${signed}`, 'utf8')
    .digest('hex')
}
