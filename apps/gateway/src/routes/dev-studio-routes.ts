import type { GatewayContext } from '../context'
import { readObject, readOptionalInt, readOptionalString } from '../dev-input'
import { Refusal } from '../gateway-server-error'
import { cancelClass, changeClass, markAttendance } from '../services/studio-changes'
import type { Api } from './gateway-env'

/**
 * The dev API playing the studio (demo mode on a loopback address): `POST /__dev/classes/:id/change` with
 * `{ startsInMinutes?, room? }` moves a class or changes its room, and each customer booked on it is told once.
 * Answers `{ told }`. `POST /__dev/classes/:id/cancel` cancels a class that has not started (bookings refunded,
 * waitlist closed, each of them told once): `{ told }`. `POST /__dev/bookings/:id/attendance` with `{ attended: boolean }` records whether the
 * customer came to a class that started: `{ ok: true }`.
 */
export function mountDevStudioRoutes(api: Api, ctx: GatewayContext): void {
  api.post('/__dev/classes/:id/change', async (c) => {
    const id = Number(c.req.param('id'))
    if (!Number.isSafeInteger(id) || id < 1) {
      throw new Refusal('VALIDATION', { msg: 'id 不正确', data: { field: 'id' } })
    }
    const body = readObject(await c.req.json())
    const minutes = readOptionalInt(body.startsInMinutes, 'startsInMinutes', -7 * 24 * 60, 365 * 24 * 60)
    const room = readOptionalString(body.room, 'room', 50)
    const told = changeClass(ctx, id, {
      startsAt: minutes === undefined ? undefined : ctx.now() + minutes * 60_000,
      room,
    })
    return c.json({ told })
  })

  api.post('/__dev/classes/:id/cancel', (c) => {
    const id = Number(c.req.param('id'))
    if (!Number.isSafeInteger(id) || id < 1) {
      throw new Refusal('VALIDATION', { msg: 'id 不正确', data: { field: 'id' } })
    }
    return c.json({ told: cancelClass(ctx, id) })
  })

  api.post('/__dev/bookings/:id/attendance', async (c) => {
    const id = Number(c.req.param('id'))
    if (!Number.isSafeInteger(id) || id < 1) {
      throw new Refusal('VALIDATION', { msg: 'id 不正确', data: { field: 'id' } })
    }
    const body = readObject(await c.req.json())
    if (typeof body.attended !== 'boolean') {
      throw new Refusal('VALIDATION', { msg: 'attended 必须是 true 或 false', data: { field: 'attended' } })
    }
    markAttendance(ctx, id, body.attended ? 'attended' : 'missed')
    return c.json({ ok: true })
  })
}
