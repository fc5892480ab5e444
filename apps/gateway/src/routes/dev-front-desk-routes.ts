import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { readObject, readOptionalInt, readOptionalString } from '../dev/dev-input'
import { checkInRules, doorCode, scanCheckInCode } from '../services/check-in'
import type { Api } from './gateway-env'

/**
 * The studio's front desk, emulated by the dev API (demo mode on a loopback address), as the other outside parties
 * are. `POST /__dev/front-desk/check-in` with `{ payload, orgId? }` is its scanner reading a customer's check-in code
 * (`orgId`: the studio whose desk scans, default this one): it answers `{ checkedIn: { bookingId, memberName,
 * classTitle, checkedInAt } }`, or the refusal of an expired, replayed, foreign-studio, forged or cancelled-booking
 * code in the envelope with its own code. `GET /__dev/front-desk/door` answers the studio's door code `{ door, path }`
 * (the URL to print). `GET /__dev/studio/check-in` answers the studio's check-in rules and `POST` it with
 * `{ checkInBeforeMinutes?, checkInAfterMinutes?, missedClass? }` changes them.
 */
export function mountDevFrontDeskRoutes(api: Api, ctx: GatewayContext): void {
  api.post('/__dev/front-desk/check-in', async (c) => {
    const body = readObject(await c.req.json())
    if (typeof body.payload !== 'string' || body.payload === '') {
      throw new Refusal('VALIDATION', { msg: '请给出扫到的 payload', data: { field: 'payload' } })
    }
    const orgId = readOptionalString(body.orgId, 'orgId', 40)
    return c.json({ checkedIn: scanCheckInCode(ctx, body.payload.slice(0, 500), orgId) })
  })

  api.get('/__dev/front-desk/door', (c) => c.json(doorCode(ctx)))

  api.get('/__dev/studio/check-in', (c) => c.json(studioCheckIn(ctx)))

  api.post('/__dev/studio/check-in', async (c) => {
    const body = readObject(await c.req.json())
    const before = readOptionalInt(body.checkInBeforeMinutes, 'checkInBeforeMinutes', 0, 240)
    const after = readOptionalInt(body.checkInAfterMinutes, 'checkInAfterMinutes', 0, 240)
    const missed = body.missedClass
    if (missed !== undefined && missed !== 'forfeit' && missed !== 'return') {
      throw new Refusal('VALIDATION', {
        msg: 'missedClass 必须是 forfeit 或 return',
        data: { field: 'missedClass' },
      })
    }
    ctx.db.run(
      `UPDATE orgs SET check_in_before_minutes = COALESCE(?, check_in_before_minutes),
         check_in_after_minutes = COALESCE(?, check_in_after_minutes), missed_class = COALESCE(?, missed_class)`,
      before ?? null,
      after ?? null,
      missed ?? null,
    )
    return c.json(studioCheckIn(ctx))
  })
}

function studioCheckIn(ctx: GatewayContext) {
  const rules = checkInRules(ctx)
  return {
    checkInBeforeMinutes: rules.beforeMs / 60_000,
    checkInAfterMinutes: rules.afterMs / 60_000,
    missedClass: rules.missedClass,
  }
}
