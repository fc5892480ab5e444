import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { clearAll, seedDemo } from '../db/seed'
import { readPage, readPhone } from '../dev/dev-input'
import type { FaultStore } from '../dev/faults'
import { readFaultSpec } from '../dev/faults'
import { clientAddress, requestOrigin } from '../limits/client-address'
import { isLoopback } from '../server/loopback'
import { listClientErrors } from '../services/client-errors'
import { consentsOf } from '../services/consent'
import { createClass, grantCard } from '../services/dev'
import { listReports, listTraces } from '../services/records'
import type { Api } from './gateway-env'

/**
 * The dev API, mounted only in demo mode on a loopback address, for same-origin (or origin-less) callers only. Its answers are plain JSON (arrays and objects, not the envelope),
 * because its readers are tests, not the client; its refusals are envelopes like everywhere else. Its bodies are
 * read by the JSON body middleware like every other POST's (`c.req.json()` finds the parsed value).
 */
export function mountDevRoutes(
  api: Api,
  ctx: GatewayContext,
  faults: FaultStore,
  clearLimiters: () => void,
): void {
  // Mounted only on a loopback listener, but a page on any site the developer visits can still make the browser
  // call 127.0.0.1. Such a call carries the page's Origin (and, after DNS rebinding, a foreign Host): refuse both.
  // Behind a trusted proxy (the app's server of `npm start`, which may listen on the LAN), the host, scheme and
  // client are the ones the proxy says: a phone on the LAN is not this machine.
  api.use('/__dev/*', async (c, next) => {
    const reached = requestOrigin(c.req, ctx.trustProxy)
    const origin = c.req.header('origin')
    // In-process calls (`createGateway().fetch`) have no socket, hence no network to be rebound from.
    const socket = c.env?.incoming !== undefined
    const foreign =
      socket && (!isLoopback(new URL(reached).hostname) || !isLoopback(clientAddress(c, ctx.trustProxy)))
    if (foreign || (origin !== undefined && origin !== reached)) {
      throw new Refusal('FORBIDDEN', { msg: '开发接口只接受本机同源的请求', httpStatus: 403 })
    }
    await next()
  })

  api.get('/__dev/reports', (c) => c.json(listReports(ctx, readPage(c.req.query()))))
  api.get('/__dev/traces', (c) => c.json(listTraces(ctx, readPage(c.req.query()))))
  api.get('/__dev/client-errors', (c) => c.json(listClientErrors(ctx, readPage(c.req.query()))))

  api.post('/__dev/reset', (c) => {
    clearAll(ctx.db)
    faults.clear()
    clearLimiters()
    seedDemo(ctx.db, ctx.now())
    return c.json({ ok: true })
  })

  // The consents to the terms and privacy policy recorded for a phone (issue 21), oldest first.
  api.get('/__dev/consents', (c) => c.json(consentsOf(ctx, readPhone(c.req.query('phone')))))

  api.get('/__dev/faults', (c) => c.json(faults.list()))
  api.post('/__dev/faults', async (c) => c.json(faults.add(readFaultSpec(await c.req.json(), ctx.prefix))))
  api.delete('/__dev/faults', (c) => c.json({ cleared: faults.clear() }))

  api.post('/__dev/cards', async (c) => c.json(grantCard(ctx, await c.req.json())))
  api.post('/__dev/classes', async (c) => c.json(createClass(ctx, await c.req.json())))
}
