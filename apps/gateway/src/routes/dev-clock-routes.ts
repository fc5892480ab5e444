import { Refusal } from '../core/gateway-server-error'
import { readObject, readOptionalInt, readOptionalString } from '../dev/dev-input'
import type { TickResult } from '../time/scheduler'
import type { StudioClock } from '../time/studio-clock'
import type { Api } from './gateway-env'

/** The longest single move of the studio clock: 400 days (a card's whole life and then some). */
const MAX_ADVANCE_MS = 400 * 24 * 60 * 60_000

const clockState = (clock: StudioClock) => ({
  now: new Date(clock.now()).toISOString(),
  offsetMs: clock.offsetMs(),
})

/**
 * The dev API's studio clock (demo mode on a loopback address): `GET /__dev/clock` answers the studio's time and
 * how far it is ahead of the machine's; `POST /__dev/clock` with `{ "advanceMs": n }` or `{ "to": ISO time }` moves it
 * forward (never back) and runs the due-time work once at the new time, so whatever fell due (expired orders,
 * reminders, closed waitlists) is done before the answer.
 */
export function mountDevClockRoutes(api: Api, clock: StudioClock, tick: () => TickResult): void {
  api.get('/__dev/clock', (c) => c.json(clockState(clock)))
  api.post('/__dev/clock', async (c) => {
    const body = readObject(await c.req.json())
    const advanceMs = readOptionalInt(body.advanceMs, 'advanceMs', 0, MAX_ADVANCE_MS)
    const to = readOptionalString(body.to, 'to', 40)
    if ((advanceMs === undefined) === (to === undefined)) {
      throw new Refusal('VALIDATION', { msg: '请给出 advanceMs 或 to 之一', data: { field: 'advanceMs' } })
    }
    let ms = advanceMs ?? 0
    if (to !== undefined) {
      const target = Date.parse(to)
      if (Number.isNaN(target)) throw new Refusal('VALIDATION', { msg: 'to 不是时间', data: { field: 'to' } })
      ms = target - clock.now()
      if (ms < 0) {
        throw new Refusal('VALIDATION', { msg: '演示时钟只能向前拨', data: { field: 'to' } })
      }
      if (ms > MAX_ADVANCE_MS) throw new Refusal('VALIDATION', { msg: 'to 太远', data: { field: 'to' } })
    }
    clock.advance(ms)
    const ran = tick()
    return c.json({ ...clockState(clock), ran })
  })
}
