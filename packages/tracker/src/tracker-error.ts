/**
 * What went wrong, as a stable string:
 * - `INVALID_OPTIONS`: `createTracker` got no `reportURL` or a negative `minDuration` (thrown).
 * - `NO_CLIENT`: `trace()` was called on a tracker made without `client` (passed to `onError`).
 * - `TRACE_FAILED`: the gateway did not take a trace mark; `cause` holds the client's error (passed to `onError`).
 * - `REPORT_FAILED`: a visit report could not be built or handed to the browser; `cause` says why (passed to `onError`).
 * - `NO_PROVIDER`: a hook of `@xdance/tracker/react` ran outside `<TrackerProvider>` (thrown).
 * @example
 * onError: (error) => { if (error.code === 'TRACE_FAILED') console.debug(error.cause) }
 */
export type TrackerErrorCode =
  | 'INVALID_OPTIONS'
  | 'NO_CLIENT'
  | 'TRACE_FAILED'
  | 'REPORT_FAILED'
  | 'NO_PROVIDER'

/**
 * The one error class of `@xdance/tracker`. Usage errors are thrown; delivery errors never leave the
 * tracker and only reach the `onError` option. The message is the code (see the README's error table).
 *
 * @example
 * ```ts
 * const tracker = createTracker({
 *   reportURL: '/api/report/behavior/report',
 *   onError: (error) => console.debug(error.code, error.cause),
 * })
 * try {
 *   createTracker({ reportURL: '' })
 * } catch (error) {
 *   if (TrackerError.isInstance(error)) console.log(error.code) // 'INVALID_OPTIONS'
 * }
 * ```
 */
export class TrackerError extends Error {
  override readonly name = 'TrackerError'
  /** Machine-readable reason. */
  declare readonly code: TrackerErrorCode

  constructor(code: TrackerErrorCode, cause?: unknown) {
    super(code, { cause })
    this.code = code
  }

  /**
   * True for a `TrackerError`, also one from another copy of this package (where `instanceof` its class says
   * false): an Error named `TrackerError` with a `code`.
   */
  static isInstance = (value: unknown): value is TrackerError =>
    value instanceof Error && value.name === 'TrackerError' && 'code' in value
}
