/**
 * What was wrong with a cookie write:
 * - `INVALID_COOKIE_NAME`: not an RFC 6265 token (empty, or holds `;`, `=`, a space, a control character...).
 * - `INVALID_COOKIE_VALUE`: not a string, or holds a lone surrogate (no UTF-8 form).
 * - `INVALID_COOKIE_OPTION`: an attribute value (path, domain, maxAge, sameSite) holding `;`, a control character
 *   or a non-ASCII character, which would end the attribute early or inject another.
 * @example if (error.code === 'INVALID_COOKIE_NAME') showBug()
 */
export type SessionErrorCode = 'INVALID_COOKIE_NAME' | 'INVALID_COOKIE_VALUE' | 'INVALID_COOKIE_OPTION'

/**
 * The one error this package throws, only for a cookie write it refuses. Storage never throws.
 * `input` is what was refused (the name, the value, or the options); the message is the code and that input.
 * @example
 * try {
 *   setCookie('bad;name', 'x')
 * } catch (error) {
 *   if (SessionError.isInstance(error)) console.log(error.code) // 'INVALID_COOKIE_NAME'
 * }
 */
export class SessionError extends Error {
  override readonly name = 'SessionError'
  /** Which rule the write broke. */
  declare readonly code: SessionErrorCode
  /** What was refused: the name, the value, or the options object. */
  declare readonly input: unknown

  constructor(code: SessionErrorCode, input: unknown) {
    super(`${code}: ${JSON.stringify(input)}`)
    this.code = code
    this.input = input
  }

  /**
   * True for a SessionError, also one from another copy of this package (where `instanceof` its class says
   * false): an Error named `SessionError` with a `code`.
   * @example SessionError.isInstance(new SessionError('INVALID_COOKIE_NAME', 'a b')) // true
   */
  static isInstance = (value: unknown): value is SessionError =>
    value instanceof Error && value.name === 'SessionError' && 'code' in value
}
