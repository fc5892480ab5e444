import { XdanceHttpError } from '@xdance/http'

/** What an action returns when its gateway call failed: the client has already shown the toast. */
export interface GatewayFailure {
  ok: false
  /** The envelope code, or the transport error's kind. */
  code: string
  /** Seconds until the gateway will take the call again, when it said so (`data.retryAfter` of a rate limit). */
  retryAfter?: number
}

/**
 * Runs an action's gateway call; a gateway or transport failure becomes a value (the page stays and the toast
 * speaks), anything else (a bug) still goes to the error boundary.
 *
 * @example
 * const result = await settle(() => bookClass(client, id, cardId))
 * if (!result.ok) return result
 */
export async function settle<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | GatewayFailure> {
  try {
    return { ok: true, value: await call() }
  } catch (error) {
    if (!XdanceHttpError.isInstance(error)) throw error
    const detail = error as XdanceHttpError & { code?: unknown; kind?: unknown; data?: unknown }
    const code = String(detail.code ?? detail.kind ?? error.name)
    const retryAfter = (detail.data as { retryAfter?: unknown } | null | undefined)?.retryAfter
    return typeof retryAfter === 'number' && retryAfter > 0 && Number.isFinite(retryAfter)
      ? { ok: false, code, retryAfter: Math.ceil(retryAfter) }
      : { ok: false, code }
  }
}
