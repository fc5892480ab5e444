import type { MiddlewareHandler } from 'hono'
import { fail } from './envelope'
import { ERROR_CODES } from './error-codes'
import type { GatewayEnv } from './routes/gateway-env'

/**
 * Reads the request body as text, refusing it with HTTP 413 and a 41301 envelope once it passes `maxBytes`,
 * whether the size is announced (content-length) or only discovered while streaming (chunked).
 * Handlers then read `c.get('bodyText')`.
 */
export function limitBody(maxBytes: number): MiddlewareHandler<GatewayEnv> {
  const tooLarge = () => {
    const entry = ERROR_CODES.PAYLOAD_TOO_LARGE
    return Response.json(fail(entry.code, entry.msg, entry.tips), { status: 413 })
  }
  return async (c, next) => {
    const declared = Number(c.req.header('content-length') ?? 0)
    if (declared > maxBytes) return tooLarge()
    const stream = c.req.raw.body
    const chunks: Uint8Array[] = []
    let size = 0
    if (stream) {
      const reader = stream.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        size += value.byteLength
        if (size > maxBytes) {
          await reader.cancel()
          return tooLarge()
        }
        chunks.push(value)
      }
    }
    c.set('bodyText', Buffer.concat(chunks, size).toString('utf8'))
    return next()
  }
}
