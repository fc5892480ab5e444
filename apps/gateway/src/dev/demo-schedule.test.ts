import { addDays, RULES, studioDate } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { openDatabase } from '../db/database'
import { seedDemo } from '../db/seed'
import { startManualGateway } from '../testing/shop-helpers'
import { testDatabase } from '../testing/test-database'
import { createClock, MONDAY_10AM, type TestGateway } from '../testing/test-gateway'
import { createDemoScheduleTopUp } from './demo-schedule'

const DAY_MS = 24 * 60 * 60_000

let gw: (TestGateway & { tick(): void }) | undefined
afterEach(async () => {
  await gw?.close()
  gw = undefined
})

const classDays = (db: ReturnType<typeof openDatabase>) =>
  db
    .all<{ day: string }>("SELECT DISTINCT day FROM classes WHERE source = 'schedule' ORDER BY day")
    .map((row) => row.day)

describe('the demo schedule top-up', () => {
  test('fills the days that came into the window once per studio day, and nothing more that day', () => {
    const clock = createClock(MONDAY_10AM)
    const db = openDatabase(testDatabase())
    try {
      seedDemo(db, clock.now().getTime())
      const topUp = createDemoScheduleTopUp({ db, now: () => clock.now().getTime() })
      // The seed filled today's window already: the first run finds nothing to add, and so does a second.
      expect(topUp()).toBe(0)
      expect(topUp()).toBe(0)
      const today = studioDate(clock.now().getTime())
      expect(classDays(db).at(-1)).toBe(addDays(today, RULES.scheduleAheadDays - 1))
      // The next day: its new last day is filled once.
      clock.advance(DAY_MS)
      expect(topUp()).toBeGreaterThan(0)
      expect(topUp()).toBe(0)
      expect(classDays(db).at(-1)).toBe(addDays(today, RULES.scheduleAheadDays))
    } finally {
      db.close()
    }
  })

  test('a long-running demo is topped up by the scheduler when the day changes, not by reading the schedule', async () => {
    gw = await startManualGateway()
    gw.clock.advance(30 * DAY_MS)
    const before = await gw.call<{ from: string; list: unknown[] }>('GET', '/classes')
    expect(before.body.data.from).toBe('2025-07-02')
    // Reading the schedule wrote nothing: a month on, the week is empty until the scheduler runs.
    expect(before.body.data.list).toEqual([])
    gw.tick()
    const after = await gw.call<{ list: unknown[] }>('GET', '/classes')
    expect(after.body.data.list.length).toBeGreaterThan(15)
  })
})
