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
