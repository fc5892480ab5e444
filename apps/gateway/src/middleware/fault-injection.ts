import { setTimeout as sleep } from 'node:timers/promises'
import { ERROR_CODES } from '@xdance/contract'
import type { MiddlewareHandler } from 'hono'
import { fail } from '../core/envelope'
import { GatewayServerError } from '../core/gateway-server-error'
import { BAD_GATEWAY_HTML, type FaultStore } from '../dev/faults'
import type { GatewayEnv } from '../routes/gateway-env'

/**
 * Lets staged faults take over matching requests under the prefix (never the dev API itself): wait, then answer
 * an envelope code, an HTML 502, or nothing at all (the socket is destroyed).
 */
export function injectFaults(
  prefix: string,
  faults: FaultStore,
  shutdownSignal: AbortSignal,
): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const path = c.req.path.slice(prefix.length) || '/'
    if (path.startsWith('/__dev/')) return next()
    const fault = faults.take(c.req.method, path)
    if (!fault) return next()
    if (fault.answerLate) {
      // The work is done and kept; only the answer is late (the client has likely given up by then).
      await next()
      await sleep(fault.delayMs, undefined, { signal: shutdownSignal }).catch(() => undefined)
      return
    }
    if (fault.delayMs > 0) {
      // A shutdown whose grace period runs out cuts the wait short rather than hanging on it.
      await sleep(fault.delayMs, undefined, { signal: shutdownSignal }).catch(() => undefined)
    }
    if (fault.drop) {
      const socket = c.env?.incoming?.socket
      if (!socket)
        throw new GatewayServerError(
          'dropped',
          'CONNECTION_DROPPED',
          'The connection was dropped by a fault.',
        )
      socket.destroy()
      return new Response(null)
    }
    if (fault.http502) return c.html(BAD_GATEWAY_HTML, 502)
    if (fault.code !== null) {
      const entry = Object.values(ERROR_CODES).find((e) => e.code === fault.code)
      return c.json(fail(fault.code, fault.msg ?? entry?.msg ?? '模拟的错误', fault.tips ?? '', fault.data))
    }
    return next()
  }
}
