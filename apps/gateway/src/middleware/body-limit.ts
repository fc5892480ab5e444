import { ERROR_CODES } from '@xdance/contract'
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { fail } from '../core/envelope'

/**
 * Hono's body limit with the contract's refusal: HTTP 413 and a 41301 envelope once the body passes `maxBytes`,
 * whether the size is announced (content-length) or only discovered while streaming (chunked).
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const entry = ERROR_CODES.PAYLOAD_TOO_LARGE
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json(fail(entry.code, entry.msg, entry.tips), 413),
  })
  return (c, next) => {
    const raw = c.req.raw
    // A body without a content-length is counted as it streams, and Hono then rebuilds the request around what it
    // read with `new Request(raw, …)`. The Node server's lightweight request (we leave the process's global
    // Request alone) cannot be copied that way, so hand Hono a standard one first.
    if (raw.body && (!raw.headers.has('content-length') || raw.headers.has('transfer-encoding'))) {
      c.req.raw = new Request(raw.url, {
        method: raw.method,
        headers: raw.headers,
        body: raw.body,
        signal: raw.signal,
        duplex: 'half',
      } as RequestInit)
    }
    return limit(c, next)
  }
}
