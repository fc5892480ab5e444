import { ERROR_CODES } from '@xdance/contract'
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { fail } from '../envelope'

/**
 * Hono's body limit with the contract's refusal: HTTP 413 and a 41301 envelope once the body passes `maxBytes`,
 * whether the size is announced (content-length) or only discovered while streaming (chunked).
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const entry = ERROR_CODES.PAYLOAD_TOO_LARGE
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json(fail(entry.code, entry.msg, entry.tips), 413),
  })
}
