import { ERROR_CODES, type ErrorCodeName } from './error-codes'

/**
 * What went wrong, machine-readable: a refusal to a request, or a failure of the gateway itself.
 *
 * @example
 * ```ts
 * if (GatewayError.isInstance(error) && error.kind === 'listen') console.error('pick another PORT')
 * ```
 */
export type GatewayErrorKind = 'refusal' | 'config' | 'listen' | 'database' | 'dropped'

/**
 * The one error family of `@xdance/gateway`. `kind` says what failed; `code` is stable text to branch on
 * (for a refusal, the catalogue name such as `'CLASS_FULL'`, and `envelopeCode` is the number the client sees).
 *
 * @example
 * ```ts
 * import { GatewayError, startGateway } from '@xdance/gateway'
 * try {
 *   await startGateway({ prefix: 'no-slash' })
 * } catch (error) {
 *   if (GatewayError.isInstance(error) && error.kind === 'config') console.error(error.message)
 * }
 * ```
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError'
  readonly kind: GatewayErrorKind
  readonly code: string

  constructor(kind: GatewayErrorKind, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.kind = kind
    this.code = code
  }

  /** True for any error of this family, even one from another copy of the package. */
  static isInstance(value: unknown): value is GatewayError {
    return value instanceof Error && value.name === 'GatewayError' && 'kind' in value && 'code' in value
  }
}

/**
 * A request refused with an envelope code from the catalogue. Thrown inside handlers; the app turns it into
 * `{ code, data, msg, tips }` with HTTP 200 (or the HTTP status a real gateway would use, e.g. 413).
 */
export class Refusal extends GatewayError {
  readonly envelopeCode: number
  readonly tips: string
  readonly data: unknown
  readonly httpStatus: 200 | 413

  constructor(
    name: ErrorCodeName,
    detail: { msg?: string; tips?: string; data?: unknown; httpStatus?: 200 | 413 } = {},
  ) {
    const entry: { code: number; msg: string; tips?: string } = ERROR_CODES[name]
    super('refusal', name, detail.msg ?? entry.msg)
    this.envelopeCode = entry.code
    this.tips = detail.tips ?? entry.tips ?? ''
    this.data = detail.data ?? null
    this.httpStatus = detail.httpStatus ?? 200
  }

  static override isInstance(value: unknown): value is Refusal {
    return GatewayError.isInstance(value) && value.kind === 'refusal' && 'envelopeCode' in value
  }
}
