import type { GatewayError, GatewayTransportError } from './errors'

/**
 * What the retry loop and the toast read of a failure: the fields of `GatewayError` and `GatewayTransportError`.
 * @example
 * const failure: Failure = { kind: 'timeout', timeout: true }
 */
export type Failure = Partial<
  Pick<GatewayError, 'unauthorized' | 'msg' | 'tips'> & Pick<GatewayTransportError, 'kind' | 'timeout'>
>

/**
 * Runs `attempt` until it resolves, with up to `retry` more tries after a failure, `retryDelay` ms apart. A failure
 * code or a transport error is worth another try; the caller's abort (kind `abort`) and a refused session
 * (`unauthorized`: its handler takes over) are not. `onFailure` sees only the final failure of a call worth a toast
 * (not an abort, not a refused session), just before the promise rejects with it.
 * @example
 * await withRetry(() => sendOnce(url, init, timeout, request, codes, handler), 2, 500, (error) => toast(error))
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  retry = 0,
  retryDelay = 1,
  onFailure?: (failure: Failure) => void,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt()
    } catch (error) {
      const failure = error as Failure
      const loud = !failure.unauthorized && failure.kind !== 'abort'
      // Written so that a retry that is not a number (NaN) means no retry rather than retrying forever.
      if (!loud || !(tries < retry)) {
        if (loud) onFailure?.(failure)
        throw error
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelay))
    }
  }
}
