// What the synchronous bridge to PostgreSQL costs (src/db/postgres.ts: pg in a worker thread, the main thread asleep
// on Atomics.wait) against the same pg client awaited directly, as an async rewrite of the services would use it:
// a single-row read, and a booking-shaped write transaction (the write lock, three reads, two writes). Prints a
// table; asserts only that both ways did the same work. Run by `pnpm bench` inside a throwaway cluster.
import pg from 'pg'
import { expect, test } from 'vitest'
import { openDatabase } from '../src/db/database'
import { connectPostgres } from '../src/db/postgres'
import { seedDemo } from '../src/db/seed'
import { TEST_POSTGRES, testDatabase } from '../src/testing/test-database'

const ROUNDS = 2_000
const READ = 'SELECT id, capacity, booked FROM classes WHERE id = $1'
const BOOKING = [
  'SELECT id, capacity, booked FROM classes WHERE id = $1',
  'SELECT id, credits_left FROM cards WHERE id = $1',
  'SELECT id FROM members WHERE id = $1',
  'UPDATE classes SET booked = booked WHERE id = $1',
  'UPDATE cards SET credits_left = credits_left WHERE id = $1',
]

const perOp = (ms: number) => `${((ms * 1000) / ROUNDS).toFixed(0)} µs`

test.skipIf(!TEST_POSTGRES)('the synchronous bridge against pg awaited directly', async () => {
  const url = testDatabase()
  const seeded = openDatabase(url)
  seedDemo(seeded, Date.now())
  seeded.close()
  const bridge = connectPostgres(url)
  const direct = new pg.Client({ connectionString: url })
  await direct.connect()
  const rows: string[][] = []
  try {
    // Warm both: connections made, statements prepared.
    bridge.query(READ, [1])
    await direct.query({ name: 'read', text: READ, values: [1] })

    let started = performance.now()
    for (let i = 0; i < ROUNDS; i++) bridge.query(READ, [1 + (i % 20)])
    const bridgeRead = performance.now() - started
    started = performance.now()
    for (let i = 0; i < ROUNDS; i++) await direct.query({ name: 'read', text: READ, values: [1 + (i % 20)] })
    const directRead = performance.now() - started

    started = performance.now()
    for (let i = 0; i < ROUNDS; i++) {
      bridge.exec('BEGIN; SELECT pg_advisory_xact_lock(1)')
      for (const sql of BOOKING) bridge.query(sql, [1 + (i % 20)])
      bridge.exec('COMMIT')
    }
    const bridgeBooking = performance.now() - started
    started = performance.now()
    for (let i = 0; i < ROUNDS; i++) {
      await direct.query('BEGIN; SELECT pg_advisory_xact_lock(1)')
      for (const [n, sql] of BOOKING.entries()) {
        await direct.query({ name: `booking-${n}`, text: sql, values: [1 + (i % 20)] })
      }
      await direct.query('COMMIT')
    }
    const directBooking = performance.now() - started

    rows.push(['one-row read', perOp(bridgeRead), perOp(directRead), (bridgeRead / directRead).toFixed(2)])
    rows.push([
      'booking-shaped transaction (7 round trips)',
      perOp(bridgeBooking),
      perOp(directBooking),
      (bridgeBooking / directBooking).toFixed(2),
    ])
    expect(bridge.query('SELECT COUNT(*) AS n FROM classes').rows[0]?.n).toBeGreaterThan(0)
  } finally {
    bridge.close()
    await direct.end()
  }
  console.log(
    `\nPostgreSQL bridge, ${ROUNDS} rounds each, one connection, 127.0.0.1 (Node ${process.version}):\n`,
  )
  console.log('| operation | synchronous bridge | pg awaited | ratio |')
  console.log('| --- | --- | --- | --- |')
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
})
