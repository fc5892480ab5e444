import type { DataLanguage } from '@xdance/contract'

/**
 * The language of the studio's data a request asks for, from its `Accept-Language` header (the app sends its own
 * language there; a browser sends the reader's): English when the first language named is English, else Chinese.
 *
 * @example
 * dataLanguage('en-US,en;q=0.9') // 'en'
 * dataLanguage('zh-CN,zh;q=0.9,en;q=0.8') // 'zh'
 * dataLanguage(null) // 'zh'
 */
export function dataLanguage(acceptLanguage: string | null | undefined): DataLanguage {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? ''
  return first === 'en' || first.startsWith('en-') ? 'en' : 'zh'
}

/** The data language of a request (its `Accept-Language`: the app sends its own). */
export const langOf = (c: { req: { header(name: string): string | undefined } }): DataLanguage =>
  dataLanguage(c.req.header('accept-language'))
