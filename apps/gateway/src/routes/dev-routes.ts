import { lastSmsCode } from '../auth-service'
import type { GatewayContext } from '../context'
import { clearAll, seedDemo } from '../db/seed'
import { createClass, grantCard } from '../dev-service'
import type { FaultStore } from '../faults'
import { readFaultSpec } from '../faults'
import { Refusal } from '../gateway-error'
import { readJsonObject } from '../read-json'
import { listReports, listTraces } from '../record-service'
import { readPhone } from '../validation'
import type { Api } from './gateway-env'

/**
 * The dev API, mounted only in demo mode. Its answers are plain JSON (arrays and objects, not the envelope),
 * because its readers are tests, not the client; its refusals are envelopes like everywhere else.
 */
export function mountDevRoutes(api: Api, ctx: GatewayContext, faults: FaultStore): void {
  api.get('/__dev/reports', (c) => c.json(listReports(ctx)))
  api.get('/__dev/traces', (c) => c.json(listTraces(ctx)))

  api.post('/__dev/reset', (c) => {
    clearAll(ctx.db)
    faults.clear()
    seedDemo(ctx.db, ctx.now())
    return c.json({ ok: true })
  })

  api.get('/__dev/sms', (c) => {
    const phone = readPhone(c.req.query('phone'))
    const sms = lastSmsCode(ctx, phone)
    if (!sms) throw new Refusal('NOT_FOUND', { msg: '该手机号没有发送过验证码' })
    return c.json(sms)
  })

  api.get('/__dev/faults', (c) => c.json(faults.list()))
  api.post('/__dev/faults', (c) => c.json(faults.add(readFaultSpec(readJsonObject(c), ctx.prefix))))
  api.delete('/__dev/faults', (c) => c.json({ cleared: faults.clear() }))

  api.post('/__dev/cards', (c) => c.json(grantCard(ctx, readJsonObject(c))))
  api.post('/__dev/classes', (c) => c.json(createClass(ctx, readJsonObject(c))))
}
