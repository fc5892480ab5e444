import { SUCCESS_CODE } from './error-codes'

/**
 * The shape of every contract answer, as the client expects it (spec section 7).
 *
 * @example
 * ```ts
 * const body = (await res.json()) as Envelope<{ list: unknown[] }>
 * if (body.code !== 200) showToast(body.msg || body.tips)
 * ```
 */
export interface Envelope<T = unknown> {
  code: number | string
  data: T
  msg: string
  tips: string
}

/** A success envelope around `data`. */
export function ok<T>(data: T): Envelope<T> {
  return { code: SUCCESS_CODE, data, msg: 'ok', tips: '' }
}

/** A refusal envelope. */
export function fail(code: number | string, msg: string, tips = '', data: unknown = null): Envelope {
  return { code, data, msg, tips }
}
