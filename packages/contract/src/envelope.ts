/**
 * The shape of every answer of the gateway (spec section 7): `code` says how it went, `data` carries the answer,
 * `msg` and `tips` are customer-readable texts (a client toasts them when `code` is not a success).
 * The gateway always sends all four; a client reading another gateway should tolerate `msg` and `tips` missing.
 *
 * @example
 * ```ts
 * const answer: Envelope<{ name: string }> = { code: 200, data: { name: '炫舞空间' }, msg: 'ok', tips: '' }
 * ```
 */
export interface Envelope<T = unknown> {
  code: number | string
  data: T
  msg: string
  tips: string
}

/**
 * The envelope code of a successful answer.
 *
 * @example
 * ```ts
 * const answer = { code: SUCCESS_CODE, data, msg: 'ok', tips: '' }
 * ```
 */
export const SUCCESS_CODE = 200

/**
 * True for the codes that mean success: `200` (number or string) or the string `ok` (spec section 7).
 *
 * @example
 * ```ts
 * isSuccessCode(200) // true
 * isSuccessCode('ok') // true
 * isSuccessCode(40901) // false
 * ```
 */
export function isSuccessCode(code: unknown): boolean {
  return code === SUCCESS_CODE || code === '200' || code === 'ok'
}

/**
 * The HTTP status an envelope code is numbered after: a refusal's code is its status and two digits (40401: 404 and
 * 01; 50301: 503), and a three-digit code is a status itself (401). `undefined` for anything else. A client tells a
 * missing thing (404) or the gateway's own failure (5xx) apart by it without bundling `ERROR_CODE`.
 *
 * @example
 * ```ts
 * codeStatus(40401) // 404
 * codeStatus('50301') // 503
 * codeStatus(401) // 401
 * codeStatus('ok') // undefined
 * ```
 */
export function codeStatus(code: unknown): number | undefined {
  // Digits only: Number('') is 0 and Number(' 404 ') is 404, neither a code the gateway sends.
  const text = String(code)
  if (!/^\d+$/.test(text)) return undefined
  const value = Number(text)
  if (value >= 100 && value <= 599) return value
  if (value >= 10000 && value <= 59999) return Math.floor(value / 100)
  return undefined
}
