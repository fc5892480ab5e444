import { describe, expect, test } from 'vitest'
import { jsSdkSignature } from './js-sdk-signature'

// Expected values: WeChat's published example, and the others computed apart from this code with
// `printf '%s' 'jsapi_ticket=…&noncestr=…&timestamp=…&url=…' | sha1sum`.
describe('jsSdkSignature', () => {
  test.each([
    [
      "WeChat's documented example",
      'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      'Wm3WZYTPz0wzccnW',
      1414587457,
      'http://mp.weixin.qq.com?params=value',
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    ],
    [
      'the fragment is not signed',
      'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      'Wm3WZYTPz0wzccnW',
      1414587457,
      'http://mp.weixin.qq.com?params=value#wechat_redirect',
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    ],
    [
      'an article link with a sharer (the query signed as is)',
      'xdance-demo-jsapi-ticket',
      'abc123',
      1700000000,
      'http://127.0.0.1:8080/marketing/article?id=1&sharer=7',
      'f9f9330f9e7433b679ebd20300f92a5ed47382a8',
    ],
    ['a zero timestamp', 'T', 'N', 0, 'https://h5.example.com/', '4fe2147f56e63fb17f6ff7ccba220610f8d73031'],
    [
      'non-ASCII in the path is hashed as UTF-8, percent-escapes as they are',
      't',
      'n',
      1,
      'https://h5.example.com/课程?a=%E4%B8%AD',
      'd86a978d52c03b0dfd3edc2c76d77b26d717c4ae',
    ],
  ])('%s', (_name, ticket, nonceStr, timestamp, url, expected) => {
    expect(jsSdkSignature({ ticket, nonceStr, timestamp, url })).toBe(expected)
  })
})
