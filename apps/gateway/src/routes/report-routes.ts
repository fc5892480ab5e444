import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { Refusal } from '../gateway-error'
import { readJsonObject } from '../read-json'
import { saveReport, saveTrace } from '../record-service'
import type { Api } from './gateway-env'

/** The smallest transparent GIF, answered to the pixel fallback. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

const TRACE_FIELDS = [
  'deviceId',
  'endpoint',
  'openId',
  'path',
  'traceType',
  'url',
  'userId',
  'orgId',
] as const

/** The two calls the spec names: visit reports (pixel or beacon) and trace marks. Both accept signed-out visitors. */
export function mountReportRoutes(api: Api, ctx: GatewayContext): void {
  api.get('/report/behavior/report', (c) => {
    saveReport(ctx, {
      method: 'GET',
      params: c.req.query(),
      body: null,
      hasAuthorization: c.req.header('authorization') !== undefined,
    })
    return c.body(new Uint8Array(PIXEL), 200, {
      'content-type': 'image/gif',
      'cache-control': 'no-store, max-age=0',
    })
  })

  api.post('/report/behavior/report', (c) => {
    const body = c.get('bodyText')
    saveReport(ctx, {
      method: 'POST',
      params: c.req.query(),
      body: body === '' ? null : body,
      hasAuthorization: c.req.header('authorization') !== undefined,
    })
    return c.body(null, 204)
  })

  api.post('/elephant/boss/trace/mark', (c) => {
    const body = readJsonObject(c)
    for (const field of TRACE_FIELDS) {
      const value = body[field]
      if (value === undefined || value === null) continue
      if ((typeof value !== 'string' && typeof value !== 'number') || String(value).length > 4096) {
        throw new Refusal('VALIDATION', {
          msg: `${field} 必须是不超过 4096 个字符的字符串`,
          data: { field },
        })
      }
    }
    const id = saveTrace(ctx, body, c.req.header('authorization') !== undefined)
    return c.json(ok({ id }))
  })
}
