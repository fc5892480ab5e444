import { codeStatus } from '@xdance/contract'
import { GatewayError, GatewayTransportError, XdanceHttpError } from '@xdance/http/errors'

/**
 * What kind of failure a customer met, in words they can act on: `offline` (the browser says this phone has no
 * connection), `network` (nothing got through: refused, reset, DNS, with the browser thinking it is online), `timeout` (the gateway did not answer in time: it may still have done it),
 * `refused` (the gateway said no: class full, no card… its message says why), `unavailable` (the gateway or a proxy
 * in front of it failed: a 5xx, an HTML error page, no envelope). A bug in our own code is none of these: it is
 * thrown on to the error boundary, which reports it.
 *
 * @example
 * failureKind(new GatewayTransportError('timeout', { kind: 'timeout', timeout: true })) // 'timeout'
 */
export type FailureKind = 'offline' | 'network' | 'timeout' | 'refused' | 'unavailable'

/** What an action returns when its gateway call failed: the client has already shown the toast. */
export interface GatewayFailure {
  ok: false
  /** The envelope code, or the transport error's kind. */
  code: string
  /** What happened, for the words on the page (see {@link FailureKind}). */
  kind: FailureKind
  /** Seconds until the gateway will take the call again, when it said so (`data.retryAfter` of a rate limit). */
  retryAfter?: number
  /** What the gateway said when it refused (its `msg`, else its `tips`), for the page to show under the form. */
  msg?: string
}

/**
 * The {@link FailureKind} of an error of the gateway client, or `undefined` for anything else (a bug).
 * `online` is the browser's `navigator.onLine` (a seam for tests).
 *
 * @example
 * failureKind(error, navigator.onLine)
 */
export function failureKind(error: unknown, online = true): FailureKind | undefined {
  if (GatewayError.isInstance(error)) {
    // The gateway's own failure (a 5xx code: INTERNAL, BUSY) is not a refusal the customer can act on.
    return (codeStatus(error.code) ?? 0) >= 500 ? 'unavailable' : 'refused'
  }
  if (GatewayTransportError.isInstance(error)) {
    if (!online) return 'offline'
    if (error.kind === 'network') return 'network'
    if (error.kind === 'timeout') return 'timeout'
    return 'unavailable'
  }
  return undefined
}

/** The browser's idea of the connection; `true` where there is no `navigator` (the server renderer). */
export const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false

/**
 * Runs an action's gateway call; a gateway or transport failure becomes a value (the page and its form stay, and the
 * toast speaks), anything else (a bug) still goes to the error boundary.
 *
 * @example
 * const result = await settle(() => callGateway(client, 'POST /bookings', { body: { classId } }))
 * if (!result.ok) return result
 */
export async function settle<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | GatewayFailure> {
  try {
    return { ok: true, value: await call() }
  } catch (error) {
    if (!XdanceHttpError.isInstance(error)) throw error
    const detail = error as XdanceHttpError & {
      code?: unknown
      kind?: unknown
      data?: unknown
      msg?: string
      tips?: string
    }
    const code = String(detail.code ?? detail.kind ?? error.name)
    // An XdanceHttpError that is neither (a refusal before sending: a bad path) counts as the gateway saying no.
    const kind = failureKind(error, isOnline()) ?? 'refused'
    const failure: GatewayFailure = { ok: false, code, kind }
    const retryAfter = (detail.data as { retryAfter?: unknown } | null | undefined)?.retryAfter
    if (typeof retryAfter === 'number' && retryAfter > 0 && Number.isFinite(retryAfter)) {
      failure.retryAfter = Math.ceil(retryAfter)
    }
    const said = kind === 'refused' ? detail.msg || detail.tips : undefined
    if (said) failure.msg = said
    return failure
  }
}

/**
 * Whether a page's loaders should run again after an action answered `result`: not after a failure on the way
 * (offline, timeout, the gateway down), which would fail the same way and replace the page and its form with the
 * error page; yes after the gateway said no (the class may have filled up) or yes.
 *
 * @example
 * shouldRevalidate: ({ actionResult, defaultShouldRevalidate }) => revalidateAfter(actionResult, defaultShouldRevalidate)
 */
export function revalidateAfter(result: unknown, fallback: boolean): boolean {
  const failure = result as Partial<GatewayFailure> | null | undefined
  if (failure && failure.ok === false && failure.kind !== undefined && failure.kind !== 'refused')
    return false
  return fallback
}
