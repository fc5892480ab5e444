import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { readObject, readOptionalInt, readOptionalString } from '../dev/dev-input'
import { listOutbox } from '../services/outbox'
import { frontDeskPay } from '../services/payments'
import type { TickResult } from '../time/scheduler'
import type { Api } from './gateway-env'

/**
 * The dev API of shopping and notices (demo mode only, beside the other dev routes): takes money at the front desk,
 * stages products, shows the outbox and runs the scheduler once. Answers are plain JSON. (Paying in WeChat and what
 * the emulated providers received are the emulation's own dev routes, in `emulation/wechat-pay/` and
 * `emulation/messages/`.)
 */
export function mountDevCommerceRoutes(api: Api, ctx: GatewayContext, tick: () => TickResult): void {
  // Staff took the money for the order with this front-desk code.
  api.post('/__dev/front-desk/pay', async (c) => {
    const payCode = readOptionalString(readObject(await c.req.json()).payCode, 'payCode', 16)
    if (!payCode) throw new Refusal('VALIDATION', { msg: 'payCode 不能为空', data: { field: 'payCode' } })
    return c.json(frontDeskPay(ctx, payCode))
  })

  api.post('/__dev/products', async (c) => {
    const body = readObject(await c.req.json())
    const name = readOptionalString(body.name, 'name', 50) ?? '测试卡'
    const nameEn = readOptionalString(body.nameEn, 'nameEn', 50) ?? ''
    const credits = readOptionalInt(body.credits, 'credits', 1, 1000) ?? 10
    const validDays = readOptionalInt(body.validDays, 'validDays', 1, 3650) ?? 30
    const priceFen = readOptionalInt(body.priceFen, 'priceFen', 0, 100_000_000) ?? 100
    const trial = body.trial === true ? 1 : 0
    const active = body.active === false ? 0 : 1
    const { lastId } = ctx.db.run(
      `INSERT INTO products (name, name_en, credits, valid_days, price_fen, trial, active, sort)
       VALUES (?, ?, ?, ?, ?, ?, ?, 100)`,
      name,
      nameEn,
      credits,
      validDays,
      priceFen,
      trial,
      active,
    )
    return c.json({
      id: lastId,
      name,
      nameEn,
      credits,
      validDays,
      priceFen,
      trial: trial === 1,
      active: active === 1,
    })
  })

  api.get('/__dev/outbox', (c) => c.json(listOutbox(ctx)))

  // One run of the due-time work now (it also runs on its own every interval).
  api.post('/__dev/scheduler/tick', (c) => c.json(tick()))
}
