import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { readObject, readOptionalInt, readOptionalString } from '../dev/dev-input'
import {
  cancelClass,
  changeClass,
  markAttendance,
  reminderSetting,
  setReminderMinutes,
} from '../services/studio-changes'
import type { Api } from './gateway-env'

/**
 * The dev API playing the studio (demo mode on a loopback address): `POST /__dev/classes/:id/change` with
 * `{ startsInMinutes?, room?, roomEn? }` moves a class or changes its room, and each customer booked on it is told once.
 * Answers `{ told }`. `POST /__dev/classes/:id/cancel` cancels a class that has not started (bookings refunded,
 * waitlist closed, each of them told once): `{ told }`. `POST /__dev/bookings/:id/attendance` with `{ attended: boolean }` records whether the
 * customer came to a class that started: `{ ok: true }`. `GET /__dev/studio/reminder` answers the studio's reminder
 * lead time `{ reminderMinutes, own }`; `POST` it with `{ reminderMinutes: 1..10080 | null }` sets it (`null`: the
 * gateway's `GATEWAY_REMINDER_MINUTES`).
 */
export function mountDevStudioRoutes(api: Api, ctx: GatewayContext): void {
  api.get('/__dev/studio/reminder', (c) => c.json(reminderSetting(ctx)))

  api.post('/__dev/studio/reminder', async (c) => {
    const body = readObject(await c.req.json())
    if (!('reminderMinutes' in body)) {
      throw new Refusal('VALIDATION', { msg: '请给出 reminderMinutes', data: { field: 'reminderMinutes' } })
    }
    const minutes =
      body.reminderMinutes === null
        ? null
        : readOptionalInt(body.reminderMinutes, 'reminderMinutes', 1, 10_080)
    return c.json(setReminderMinutes(ctx, minutes ?? null))
  })

  // The studio's invitation reward (issue 31): `{ inviteReward: boolean }`, on by default in the demo.
  api.post('/__dev/studio/invitations', async (c) => {
    const body = readObject(await c.req.json())
    if (typeof body.inviteReward !== 'boolean') {
      throw new Refusal('VALIDATION', {
        msg: 'inviteReward 必须是 true 或 false',
        data: { field: 'inviteReward' },
      })
    }
    ctx.db.run('UPDATE orgs SET invite_reward = ?', body.inviteReward ? 1 : 0)
    return c.json({ inviteReward: body.inviteReward })
  })

  api.post('/__dev/classes/:id/change', async (c) => {
    const id = Number(c.req.param('id'))
    if (!Number.isSafeInteger(id) || id < 1) {
      throw new Refusal('VALIDATION', { msg: 'id 不正确', data: { field: 'id' } })
    }
    const body = readObject(await c.req.json())
    const minutes = readOptionalInt(body.startsInMinutes, 'startsInMinutes', -7 * 24 * 60, 365 * 24 * 60)
    const room = readOptionalString(body.room, 'room', 50)
    const roomEn = readOptionalString(body.roomEn, 'roomEn', 50)
    const told = changeClass(ctx, id, {
      startsAt: minutes === undefined ? undefined : ctx.now() + minutes * 60_000,
      room,
      roomEn,
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
