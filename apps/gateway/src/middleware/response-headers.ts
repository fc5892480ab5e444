import type { MiddlewareHandler } from 'hono'

/**
 * Headers every answer carries: `X-Content-Type-Options: nosniff` everywhere (a JSON answer is never run as a
 * script or page), and `Cache-Control: no-store` on every answer of the API and of `/healthz`, so that nothing read
 * for a signed-in customer (their bookings, cards, codes) is kept by a browser or a shared cache. An answer that
 * already says `no-store` (the visit-report pixel) keeps its own words.
 */
export function responseHeaders(prefix: string): MiddlewareHandler {
  return async (c, next) => {
    await next()
    c.res.headers.set('x-content-type-options', 'nosniff')
    const path = c.req.path
    const api = path === '/healthz' || path === prefix || path.startsWith(`${prefix}/`)
    if (api && !(c.res.headers.get('cache-control') ?? '').includes('no-store')) {
      c.res.headers.set('cache-control', 'no-store')
    }
  }
}
