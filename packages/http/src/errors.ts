// One family, told apart by a stable `name` and the error's discriminating field (`code`, `kind`) rather than by
// `instanceof` its class, so that `isInstance` still answers right when two copies of this package end up in one
// bundle. The same rule as SessionError's and TrackerError's: an Error, the name, the field.
const named = (value: unknown, name?: string, field = 'code'): boolean =>
  value instanceof Error &&
  (name ? value.name === name && field in value : /^(XdanceHttp|Gateway\w*)Error$/.test(value.name))

/**
 * Base of every error this package rejects with. `cause` holds the underlying error, if any (never thrown itself).
 * @example
 * try { await client.get('/member/profile') } catch (error) { if (XdanceHttpError.isInstance(error)) console.warn(error.name) }
 */
export class XdanceHttpError extends Error {
  override name = 'XdanceHttpError'

  /** `fields` are copied onto the error (`code`, `kind`, ...). */
  constructor(message: string, fields?: object, cause?: unknown) {
    super(message, { cause })
    Object.assign(this, fields)
  }

  /** True for any error of this package, even from another copy of it. @example XdanceHttpError.isInstance(error) */
  static isInstance = (value: unknown): value is XdanceHttpError => named(value)
}

/**
 * The gateway answered with an envelope whose code is not a success code (`200`, `'200'`, `'ok'`), or the session was
 * refused (`unauthorized`: HTTP 401 or a code in `unauthorizedCodes`).
 * @example
 * catch (error) { if (GatewayError.isInstance(error) && error.code === 40301) showUpgradeDialog(error.data) }
 */
export class GatewayError extends XdanceHttpError {
  override readonly name = 'GatewayError' as const
  /** The envelope's `code`; 401 for an HTTP 401 answer. */
  declare readonly code: number | string
  /** The envelope's `msg`, `tips` and `data`, as the gateway sent them. */
  declare readonly msg?: string
  declare readonly tips?: string
  declare readonly data: unknown
  /** The session was refused; unauthorised handling has run (at most once per window). No toast, no retry. */
  declare readonly unauthorized: boolean

  /** @example GatewayError.isInstance(error) */
  static override isInstance = (value: unknown): value is GatewayError => named(value, 'GatewayError')
}

/**
 * What went wrong on the way: `timeout` (this try's window ran out, body included), `abort` (the caller's signal),
 * `network` (refused, reset, DNS, a redirect), `http` (a non-2xx status other than 401, e.g. a proxy's HTML 502 page),
 * `parse` (no JSON envelope: an empty body, a body that is not JSON, JSON without a `code`).
 * @example
 * const kind: TransportErrorKind = 'timeout'
 */
export type TransportErrorKind = 'timeout' | 'abort' | 'network' | 'http' | 'parse'

/**
 * No usable envelope came back. The underlying error (ofetch's, fetch's), when there is one, is the `cause`.
 * @example
 * catch (error) { if (GatewayTransportError.isInstance(error) && error.timeout) retryLater() }
 */
export class GatewayTransportError extends XdanceHttpError {
  override readonly name = 'GatewayTransportError' as const
  declare readonly kind: TransportErrorKind
  /** Same as `kind === 'timeout'`. */
  declare readonly timeout: boolean
  /** The HTTP status, when an answer arrived. */
  declare readonly status?: number

  /** @example GatewayTransportError.isInstance(error) */
  static override isInstance = (value: unknown): value is GatewayTransportError =>
    named(value, 'GatewayTransportError', 'kind')
}

/**
 * Why a call was refused before anything was sent.
 * `UNSAFE_PATH`: the path could lead outside the gateway. `INVALID_HEADER`: a cookie cannot be sent in a header.
 * `INVALID_TIMEOUT`: the timeout is not a whole number of milliseconds from 0 to 2^31 - 1.
 * @example
 * const code: RequestErrorCode = 'UNSAFE_PATH'
 */
export type RequestErrorCode = 'UNSAFE_PATH' | 'INVALID_HEADER' | 'INVALID_TIMEOUT'

/**
 * The call was refused before anything was sent: nothing reached any server, no toast was shown, no retry was made.
 * @example
 * catch (error) { if (GatewayRequestError.isInstance(error) && error.cookie) reportBrokenCookie(error.cookie) }
 */
export class GatewayRequestError extends XdanceHttpError {
  override readonly name = 'GatewayRequestError' as const
  declare readonly code: RequestErrorCode
  /** For `INVALID_HEADER`: the name of the cookie that cannot be sent. */
  declare readonly cookie?: string

  /** @example GatewayRequestError.isInstance(error) */
  static override isInstance = (value: unknown): value is GatewayRequestError =>
    named(value, 'GatewayRequestError')
}

/**
 * A GatewayRequestError whose message is the code and what was refused (`UNSAFE_PATH //evil.test`). Internal.
 * @example
 * throw refused('INVALID_TIMEOUT', -1)
 */
export const refused = (
  code: RequestErrorCode,
  what: unknown,
  fields?: { cookie: string },
): GatewayRequestError => new GatewayRequestError(`${code} ${what}`, { ...fields, code })

/**
 * A GatewayTransportError of `kind` (and `timeout` when the kind is). Internal.
 * @example
 * throw transportError('http', 502)
 */
export const transportError = (
  kind: TransportErrorKind,
  status?: number,
  cause?: unknown,
): GatewayTransportError =>
  new GatewayTransportError(`${kind} ${status ?? ''}`, { kind, timeout: kind === 'timeout', status }, cause)
