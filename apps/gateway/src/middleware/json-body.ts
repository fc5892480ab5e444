import { BODY_MESSAGE } from '@xdance/contract/schemas'
import type { MiddlewareHandler } from 'hono'
import { Refusal } from '../core/gateway-server-error'

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/**
 * Reads the body of every POST except the ones `accepts` lets through as they are (the visit-report beacon):
 * a body must be sent as `application/json` (41501 and HTTP 415 otherwise) and be valid JSON (40002 otherwise) holding an object (40001 otherwise).
 * An empty body counts as `{}`, so that a body schema names the missing field. The parsed value is left in Hono's
 * body cache, where the `json` validator of each route finds it.
 */
export function readJsonBody(accepts: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST' || accepts(c.req.path)) return next()
    const text = await c.req.text()
    if (text.trim() === '') {
      c.req.bodyCache.json = Promise.resolve({})
      return next()
    }
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? ''
    if (!JSON_MEDIA_TYPE.test(mediaType)) throw new Refusal('UNSUPPORTED_MEDIA_TYPE', { httpStatus: 415 })
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw new Refusal('MALFORMED_JSON')
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new Refusal('VALIDATION', { msg: BODY_MESSAGE })
    }
    c.req.bodyCache.json = Promise.resolve(value)
    return next()
  }
}
