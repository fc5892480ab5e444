import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectPostgres, type PostgresConnection } from '../db/postgres'
import {
  attempt,
  type GatewayProcess,
  keyed,
  type Outcome,
  requireBuild,
  type StagedCustomer,
  signInCustomers,
  stageClasses,
  startGatewayProcess,
} from '../testing/gateway-fleet'

// Three built gateways (`node dist/main.js`) on one PostgreSQL database, a booking load spread over them round-robin,
// and one of them killed with SIGKILL in the middle: what the instances acknowledged must be in the database, the
// other two must go on answering, and what the client saw fail must have failed cleanly. Needs a server
// (XDANCE_TEST_POSTGRES, set by scripts/postgres-cluster.mjs) and the build (`pnpm build`).
const SERVER = process.env.XDANCE_TEST_POSTGRES

const CUSTOMERS = 40
const CLASSES = 6
/** Fewer seats than customers: bookings compete for the last seats (CLASS_FULL) while cancels free them. */
const CAPACITY = 5
const LOAD_MS = 6_000
// The kill comes once this many requests were answered (about a third of a run's), mid-load on any machine.
const KILL_AFTER_REQUESTS = 250
/** The instance killed: the second of three. */
const VICTIM = 1
/** The process-level bound: nothing started here outlives the test by much. */
const MAX_LIFE_MS = 55_000
/** How a dropped or refused connection shows in the client (Node's socket and undici's codes). */
const CLEAN_NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'])

const withDatabase = (url: string, name: string): string => url.replace(/\/[^/?]*(\?|$)/, `/${name}$1`)

interface Sent {
  at: number
  instance: number
  op: 'book' | 'retry' | 'cancel'
  outcome: Outcome
}

interface Acked {
  id: number
  classId: number
  phone: string
}

describe.skipIf(!SERVER)('one of three instances killed with SIGKILL under a booking load', () => {
  let admin: PostgresConnection | undefined
  let db: PostgresConnection | undefined
  let name = ''
  const fleet: GatewayProcess[] = []

  beforeAll(async () => {
    requireBuild()
    const server = SERVER ?? ''
    admin = connectPostgres(server)
    name = `kill_instance_${process.pid}_${Date.now()}`
    admin.exec(`CREATE DATABASE ${name}`)
    const url = withDatabase(server, name)
    // The first migrates and seeds the demo; the other two find it done.
    fleet.push(await startGatewayProcess({ name: 'gateway-0', db: url, maxLifeMs: MAX_LIFE_MS }))
    fleet.push(
      ...(await Promise.all(
        [1, 2].map((i) => startGatewayProcess({ name: `gateway-${i}`, db: url, maxLifeMs: MAX_LIFE_MS })),
      )),
    )
    db = connectPostgres(url)
  }, 30_000)

  afterAll(async () => {
    await Promise.all(fleet.map((gateway) => gateway.stop('SIGKILL')))
    db?.close()
    try {
      admin?.exec(`DROP DATABASE IF EXISTS ${name}`)
    } finally {
      admin?.close()
    }
  })

  test('every acknowledged booking is stored, the survivors keep answering, and every failure is clean', async () => {
    const api = fleet[0]?.api ?? ''
    const customers = await signInCustomers(api, CUSTOMERS, { credits: 1000 })
    const classes = await stageClasses(api, CLASSES, CAPACITY)

    const sent: Sent[] = []
    let loadUnderWay = () => {}
    const underWay = new Promise<void>((resolve) => {
      loadUnderWay = resolve
    })
    const acked: Acked[] = []
    const asked = new Map<
      string,
      { booking: (api: string) => Promise<Outcome>; customer: StagedCustomer; classId: number }
    >()
    const takenOver: { key: string; outcome: Outcome }[] = []
    const cancelAcked = new Set<number>()
    const cancelTried = new Set<number>()
    const started = performance.now()
    const elapsed = () => performance.now() - started
    let turn = 0
    const send = async (op: Sent['op'], instance: number, run: (api: string) => Promise<Outcome>) => {
      const outcome = await run(fleet[instance]?.api ?? '')
      sent.push({ at: elapsed(), instance, op, outcome })
      if (sent.length === KILL_AFTER_REQUESTS) loadUnderWay()
      return outcome
    }

    // Each customer holds at most one booking: the one before is cancelled first, so seats come free again; the
    // last one stays booked.
    const book = async (customer: StagedCustomer, index: number) => {
      let held: number | undefined
      for (let n = 0; elapsed() < LOAD_MS; n++) {
        if (held !== undefined) {
          const id = held
          cancelTried.add(id)
          const cancelled = await send('cancel', turn++ % fleet.length, (api) =>
            attempt(api, 'POST', `/bookings/${id}/cancel`, { auth: customer.auth }),
          )
          if (cancelled.kind === 'ok') cancelAcked.add(id)
          // A cancel that got no answer may have happened or not: that booking is left as it is.
          held = undefined
        }
        const classId = classes[Math.floor(Math.random() * classes.length)] ?? 0
        const key = `kill-test-${index}-${n}`
        const booking = (api: string) =>
          attempt(api, 'POST', '/bookings', { auth: customer.auth, body: { classId }, headers: keyed(key) })
        asked.set(key, { booking, customer, classId })
        const first = turn++ % fleet.length
        let outcome = await send('book', first, booking)
        // A client retries a request that got no answer, with the same key, on the next instance.
        if (outcome.kind === 'network') outcome = await send('retry', (first + 1) % fleet.length, booking)
        if (outcome.kind !== 'ok') continue
        held = (outcome.data as { id: number }).id
        acked.push({ id: held, classId, phone: customer.phone })
      }
    }

    const victim = fleet[VICTIM]
    const kill = (async () => {
      await underWay
      const at = elapsed()
      await victim?.stop('SIGKILL')
      return at
    })()
    await Promise.all(customers.map(book))
    // A load too slow to reach the threshold still gets its kill (late: the survivors' count below then says so).
    loadUnderWay()
    const killedAt = await kill

    // Keys the killed instance had claimed and not answered: its work and the answer commit together, so nothing of
    // those bookings was kept, and a retry on a live instance takes the claim over and books (or is refused for a
    // full class), never 40931 "in progress" for a dead instance's claim.
    const orphaned = (
      db?.query(`SELECT i.key FROM idempotency_keys i WHERE i.state = 'pending' AND i.key LIKE 'kill-test-%'`)
        .rows ?? []
    ).map((row) => String(row.key))
    for (const key of orphaned) {
      const request = asked.get(key)
      if (!request) continue
      const outcome = await send('retry', (VICTIM + 1) % fleet.length, request.booking)
      takenOver.push({ key, outcome })
      if (outcome.kind === 'ok') {
        acked.push({
          id: (outcome.data as { id: number }).id,
          classId: request.classId,
          phone: request.customer.phone,
        })
      }
    }

    // What the database holds, read directly.
    const ids = [...new Set(acked.map((a) => a.id))]
    const rows = new Map(
      (
        db?.query(
          `SELECT b.id, b.class_id, b.status, c.phone FROM bookings b JOIN customers c ON c.id = b.customer_id
         WHERE b.id = ANY($1::int[])`,
          [ids],
        ).rows ?? []
      ).map((row) => [Number(row.id), row]),
    )
    const lost = acked.filter((a) => {
      const row = rows.get(a.id)
      return !row || Number(row.class_id) !== a.classId || row.phone !== a.phone
    })
    const wrongStatus = ids.filter((id) => {
      const status = rows.get(id)?.status
      if (cancelAcked.has(id)) return status !== 'cancelled'
      if (!cancelTried.has(id)) return status !== 'booked'
      return false
    })
    const seats =
      db?.query(
        `SELECT k.id, k.capacity, k.booked,
           (SELECT COUNT(*) FROM bookings b WHERE b.class_id = k.id AND b.status = 'booked') AS live
         FROM classes k WHERE k.id = ANY($1::int[])`,
        [classes],
      ).rows ?? []
    const cards =
      db?.query(
        `SELECT c.id, c.credits_total, c.credits_left,
           COALESCE(SUM(b.credits) FILTER (WHERE b.status = 'booked'), 0) AS spent
         FROM cards c JOIN customers u ON u.id = c.customer_id LEFT JOIN bookings b ON b.card_id = c.id
         WHERE u.phone = ANY($1::text[]) GROUP BY c.id`,
        [customers.map((c) => c.phone)],
      ).rows ?? []

    // After the retries, no key is left pending.
    const pendingKeys = Number(
      db?.query("SELECT COUNT(*) AS n FROM idempotency_keys WHERE state = 'pending'").rows[0]?.n ?? 0,
    )

    // The figures.
    const failures = new Map<string, number>()
    for (const { outcome, op } of sent) {
      if (outcome.kind === 'ok') continue
      const kind =
        outcome.kind === 'refused'
          ? `${op} refused ${outcome.code}`
          : outcome.kind === 'network'
            ? `${op} ${outcome.reason}`
            : `${op} UNCLEAN HTTP ${outcome.status}`
      failures.set(kind, (failures.get(kind) ?? 0) + 1)
    }
    const afterKill = fleet.map(
      (_, i) => sent.filter((s) => s.instance === i && s.at > killedAt && s.outcome.kind === 'ok').length,
    )
    console.log(
      [
        `kill -9 of ${victim?.name} at ${Math.round(killedAt)} ms of ${LOAD_MS} ms; ${CUSTOMERS} customers, ${CLASSES} classes of ${CAPACITY} seats`,
        `requests: ${sent.length} (${sent.filter((s) => s.outcome.kind === 'ok').length} answered 200)`,
        `bookings acknowledged: ${ids.length}, stored: ${ids.length - new Set(lost.map((l) => l.id)).size}, ` +
          `cancels acknowledged: ${cancelAcked.size}`,
        `200s after the kill by instance: ${afterKill.join(' / ')}`,
        `failures by kind: ${[...failures].map(([kind, n]) => `${kind}: ${n}`).join(', ') || 'none'}`,
        `live bookings per class (capacity ${CAPACITY}): ${seats.map((s) => s.live).join(', ')}`,
        `keys the killed instance left claimed: ${orphaned.length}, taken over by a retry: ${
          takenOver
            .map((t) => (t.outcome.kind === 'refused' ? `refused ${t.outcome.code}` : t.outcome.kind))
            .join(', ') || 'none'
        }`,
        `idempotency keys left pending after the retries: ${pendingKeys}`,
      ].join('\n'),
    )

    const unclean = sent.filter(
      (s) =>
        s.outcome.kind === 'unclean' ||
        (s.outcome.kind === 'network' && !CLEAN_NETWORK.has(s.outcome.reason)),
    )
    expect(unclean.map((s) => ({ instance: s.instance, op: s.op, outcome: s.outcome }))).toEqual([])
    expect(lost).toEqual([])
    expect(takenOver.filter((t) => t.outcome.kind !== 'ok' && t.outcome.kind !== 'refused')).toEqual([])
    expect(takenOver.filter((t) => t.outcome.kind === 'refused' && t.outcome.code === 40931)).toEqual([])
    expect(pendingKeys).toBe(0)
    expect(wrongStatus).toEqual([])
    // The survivors answered after the kill; the victim is gone.
    for (const [i, n] of afterKill.entries()) {
      if (i !== VICTIM) expect(n, `200s from gateway-${i} after the kill`).toBeGreaterThan(0)
    }
    expect(await victim?.exited).toBeNull()
    // No class has more live bookings than seats, and its count of booked seats agrees with the bookings.
    expect(seats).toHaveLength(CLASSES)
    for (const seat of seats) {
      expect(Number(seat.live)).toBeLessThanOrEqual(CAPACITY)
      expect(Number(seat.booked)).toBe(Number(seat.live))
    }
    // Every credit is accounted for: what a card has left is what its live bookings did not spend.
    expect(cards).toHaveLength(CUSTOMERS)
    for (const card of cards) {
      expect(Number(card.credits_left)).toBe(Number(card.credits_total) - Number(card.spent))
    }
  }, 50_000)
})
