import { type Envelope, SUCCESS_CODE } from '@xdance/contract'

/** A success envelope around `data`. */
export function ok<T>(data: T): Envelope<T> {
  return { code: SUCCESS_CODE, data, msg: 'ok', tips: '' }
}

/** A refusal envelope. */
export function fail(code: number | string, msg: string, tips = '', data: unknown = null): Envelope {
  return { code, data, msg, tips }
}
