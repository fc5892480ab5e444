import { ERROR_CODES, type ErrorCodeName } from '@xdance/contract'

/**
 * What went wrong, machine-readable: a refusal to a request, or a failure of the gateway itself.
 *
 * @example
 * ```ts
 * if (GatewayServerError.isInstance(error) && error.kind === 'listen') console.error('pick another PORT')
 * ```
 */
export type GatewayServerErrorKind = 'refusal' | 'config' | 'listen' | 'database' | 'dropped' | 'upstream'

/**
 * The one error family of `@xdance/gateway` (named apart from `@xdance/http`'s `GatewayServerError`, which is what a
 * client sees of a refusal). `kind` says what failed; `code` is stable text to branch on (for a refusal, the
 * catalogue name such as `'CLASS_FULL'`).
 *
 * @example
 * ```ts
 * import { GatewayServerError, startGateway } from '@xdance/gateway'
 * try {
 *   await startGateway({ prefix: 'no-slash' })
 * } catch (error) {
 *   if (GatewayServerError.isInstance(error) && error.kind === 'config') console.error(error.message)
 * }
 * ```
 */
export class GatewayServerError extends Error {
  override readonly name = 'GatewayServerError'
  readonly kind: GatewayServerErrorKind
  readonly code: string

  constructor(kind: GatewayServerErrorKind, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.kind = kind
    this.code = code
  }

  /** True for any error of this family, even one from another copy of the package (checked by name). */
  static isInstance(value: unknown): value is GatewayServerError {
    return value instanceof Error && value.name === 'GatewayServerError' && 'kind' in value && 'code' in value
  }
}

/**
 * A request refused with an envelope code from the contract's catalogue. Thrown inside handlers and middleware;
 * the app turns it into `{ code, data, msg, tips }` with HTTP 200 (or the status a real gateway would use: 403, 413, 415).
 */
export class Refusal extends GatewayServerError {
  readonly envelopeCode: number
  readonly tips: string
  readonly data: unknown
  readonly httpStatus: 200 | 403 | 413 | 415

  constructor(
    name: ErrorCodeName,
    detail: { msg?: string; tips?: string; data?: unknown; httpStatus?: 200 | 403 | 413 | 415 } = {},
  ) {
    const entry: { code: number; msg: string; tips?: string } = ERROR_CODES[name]
    super('refusal', name, detail.msg ?? entry.msg)
    this.envelopeCode = entry.code
    this.tips = detail.tips ?? entry.tips ?? ''
    this.data = detail.data ?? null
    this.httpStatus = detail.httpStatus ?? 200
  }

  static override isInstance(value: unknown): value is Refusal {
    return GatewayServerError.isInstance(value) && value.kind === 'refusal' && 'envelopeCode' in value
  }
}
