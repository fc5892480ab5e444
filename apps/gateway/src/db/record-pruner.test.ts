import { afterEach, describe, expect, test, vi } from 'vitest'
import { testDatabase } from '../testing/test-database'
import { type Database, openDatabase } from './database'
import { pruneOnce, startRecordPruner } from './record-pruner'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.parse('2025-06-02T02:00:00Z')
let db: Database

afterEach(() => {
  db?.close()
  vi.useRealTimers()
})

function addReports(receivedAt: number[]): void {
  for (const at of receivedAt) {
    db.run(
      "INSERT INTO visit_reports (method, params, body, has_authorization, received_at) VALUES ('GET', '{}', NULL, 0, ?)",
      at,
    )
    db.run("INSERT INTO trace_marks (body, has_authorization, received_at) VALUES ('{}', 0, ?)", at)
  }
}

const ids = (table: 'visit_reports' | 'trace_marks') =>
  db.all<{ id: number }>(`SELECT id FROM ${table} ORDER BY id`).map((row) => row.id)

describe('pruning records', () => {
  test('keeps the newest rows up to the cap, deleting a small batch at a time', () => {
    db = openDatabase(testDatabase())
    addReports(Array.from({ length: 12 }, () => NOW))
    const limits = { recordMaxAgeDays: 30, recordMaxRows: 5 }
    // 7 rows over the cap per table, 3 per batch: 3, 3, then 1, then nothing.
    expect(pruneOnce(db, limits, NOW, 3)).toBe(6)
    expect(ids('visit_reports')).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(pruneOnce(db, limits, NOW, 3)).toBe(6)
    expect(pruneOnce(db, limits, NOW, 3)).toBe(2)
    expect(pruneOnce(db, limits, NOW, 3)).toBe(0)
    expect(ids('visit_reports')).toEqual([8, 9, 10, 11, 12])
    expect(ids('trace_marks')).toEqual([8, 9, 10, 11, 12])
  })

  test('deletes rows older than the age limit, whatever the count', () => {
    db = openDatabase(testDatabase())
    addReports([NOW - 40 * DAY, NOW - 31 * DAY, NOW - 29 * DAY, NOW])
    expect(pruneOnce(db, { recordMaxAgeDays: 30, recordMaxRows: 100 }, NOW, 500)).toBe(4)
    expect(ids('visit_reports')).toEqual([3, 4])
  })

  test('client errors are kept like visit reports: past the age limit they go', () => {
    db = openDatabase(testDatabase())
    for (const at of [NOW - 31 * DAY, NOW]) {
      db.run(
        "INSERT INTO client_errors (message, stack, route, user_agent, kind, has_authorization, received_at) VALUES ('m', '', '', '', 'render', 0, ?)",
        at,
      )
    }
    expect(pruneOnce(db, { recordMaxAgeDays: 30, recordMaxRows: 100 }, NOW, 500)).toBe(1)
    expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM client_errors')?.n).toBe(1)
  })

  test('forgets idempotency keys once they expire (24 hours after the action)', () => {
    db = openDatabase(testDatabase())
    db.run(
      "INSERT INTO customers (id, phone, open_id, nickname, created_at) VALUES (1, '13800000000', 'o1', 'n', 0)",
    )
    for (const [key, expires] of [
      ['old-key-1', NOW - 1],
      ['new-key-1', NOW + DAY],
    ] as const) {
      db.run(
        "INSERT INTO idempotency_keys (customer_id, key, request_hash, state, created_at, expires_at) VALUES (1, ?, 'h', 'pending', 0, ?)",
        key,
        expires,
      )
    }
    expect(pruneOnce(db, { recordMaxAgeDays: 30, recordMaxRows: 100 }, NOW, 500)).toBe(1)
    expect(db.all<{ key: string }>('SELECT key FROM idempotency_keys').map((r) => r.key)).toEqual([
      'new-key-1',
    ])
  })

  test('forgets sign-in events once they are older than the longest window (a day)', () => {
    db = openDatabase(testDatabase())
    for (const at of [NOW - 2 * DAY, NOW - DAY - 1, NOW - 60_000]) {
      db.run("INSERT INTO auth_events (kind, scope, key, at) VALUES ('sent', 'all', '', ?)", at)
    }
    expect(pruneOnce(db, { recordMaxAgeDays: 30, recordMaxRows: 100 }, NOW, 500)).toBe(2)
    expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM auth_events')?.n).toBe(1)
  })

  test('the background pruner runs on its timer, catches up in batches, and stops', () => {
    vi.useFakeTimers()
    db = openDatabase(testDatabase())
    addReports(Array.from({ length: 10 }, () => NOW))
    const pruner = startRecordPruner({
      db,
      limits: { recordMaxAgeDays: 30, recordMaxRows: 2 },
      now: () => NOW,
      log: () => {},
      intervalMs: 1000,
      batch: 2,
    })
    expect(ids('visit_reports')).toHaveLength(10)
    vi.advanceTimersByTime(1000)
    expect(ids('visit_reports')).toHaveLength(8)
    vi.advanceTimersByTime(100)
    expect(ids('visit_reports')).toHaveLength(2)
    addReports([NOW, NOW])
    pruner.stop()
    vi.advanceTimersByTime(60_000)
    expect(ids('visit_reports')).toHaveLength(4)
  })
})
