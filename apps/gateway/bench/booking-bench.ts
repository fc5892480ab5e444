// The booking path under load, run by `pnpm bench` (turbo's `bench` task) after a build: built gateways as processes
// (`node dist/main.js`) on 127.0.0.1, many distinct customers signed in through the real flow, each booking a class
// (with an Idempotency-Key, as the app sends it) and cancelling it again so seats never run out, for a few seconds
// per configuration: SQLite with one instance, PostgreSQL with one instance, PostgreSQL with three instances on one
// database (the requests spread round-robin). Prints a Markdown table. Without PostgreSQL's server binaries it says
// so in one line and measures SQLite only. Everything it starts (the throwaway cluster, the processes, the temporary
// folder) is stopped and removed when it ends, fails or is interrupted, and it gives up after a few minutes.
// Not part of `test`, not part of the build (Node runs this file as TypeScript).
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { findServerBin, startCluster } from '../scripts/postgres-cluster.mjs'
import {
  attempt,
  type GatewayProcess,
  keyed,
  type Outcome,
  quantile,
  type StagedCustomer,
  signInCustomers,
  stageClasses,
  startGatewayProcess,
} from '../src/testing/gateway-fleet.ts'

const WARM_UP_MS = 1_000
const MEASURE_MS = 5_000
/** Requests in flight at once: each a client working through its own customers. */
const CLIENTS = 24
const CUSTOMERS = 120
/** Classes booked at random; each has more seats than there are clients, so no booking finds one full. */
const CLASSES = 8
const CAPACITY = 100
/** The whole run's bound: past it everything is stopped and the bench fails. */
const GIVE_UP_MS = 4 * 60_000

interface Figures {
  name: string
  instances: number
  bookings: number
  cancels: number
  bookingMs: number[]
  cancelMs: number[]
  errors: Map<string, number>
}

interface Setup {
  name: string
  /** Where each instance's GATEWAY_DB points. */
  db: string
  instances: number
}

const folder = mkdtempSync(join(tmpdir(), 'xdance-bench-'))
const started: GatewayProcess[] = []
let cluster: { url: string; stop(): void } | undefined
const cleanUp = () => {
  for (const gateway of started) void gateway.stop('SIGKILL')
  cluster?.stop()
  rmSync(folder, { recursive: true, force: true })
}
process.on('exit', cleanUp)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130))
setTimeout(() => {
  console.error(`booking bench: still running after ${GIVE_UP_MS / 1000} s, giving up`)
  process.exit(1)
}, GIVE_UP_MS).unref()

const errorKind = (op: string, outcome: Outcome): string =>
  outcome.kind === 'refused'
    ? `${op} ${outcome.code}`
    : outcome.kind === 'network'
      ? `${op} ${outcome.reason}`
      : `${op} HTTP ${outcome.kind === 'unclean' ? outcome.status : 200}`

async function measure(setup: Setup): Promise<Figures> {
  const fleet: GatewayProcess[] = []
  // The first instance migrates and seeds the demo studio; the others find it done.
  for (let i = 0; i < setup.instances; i++) {
    const gateway = await startGatewayProcess({ name: `gateway-${i}`, db: setup.db, maxLifeMs: GIVE_UP_MS })
    fleet.push(gateway)
    started.push(gateway)
  }
  try {
    const api = fleet[0]?.api ?? ''
    const customers = await signInCustomers(api, CUSTOMERS, { credits: 1000 })
    const classes = await stageClasses(api, CLASSES, CAPACITY)
    const figures: Figures = {
      name: setup.name,
      instances: setup.instances,
      bookings: 0,
      cancels: 0,
      bookingMs: [],
      cancelMs: [],
      errors: new Map(),
    }
    const begin = performance.now()
    const measuring = () => {
      const t = performance.now() - begin
      return t >= WARM_UP_MS && t < WARM_UP_MS + MEASURE_MS
    }
    let turn = 0
    const next = () => fleet[turn++ % fleet.length]?.api ?? ''
    const timed = async (op: 'book' | 'cancel', run: () => Promise<Outcome>) => {
      const t0 = performance.now()
      const outcome = await run()
      const ms = performance.now() - t0
      if (measuring()) {
        if (outcome.kind === 'ok') {
          figures[op === 'book' ? 'bookings' : 'cancels'] += 1
          figures[op === 'book' ? 'bookingMs' : 'cancelMs'].push(ms)
        } else {
          const kind = errorKind(op, outcome)
          figures.errors.set(kind, (figures.errors.get(kind) ?? 0) + 1)
        }
      }
      return outcome
    }
    const client = async (mine: StagedCustomer[], index: number) => {
      for (let n = 0; performance.now() - begin < WARM_UP_MS + MEASURE_MS; n++) {
        const customer = mine[n % mine.length]
        if (!customer) return
        const classId = classes[Math.floor(Math.random() * classes.length)] ?? 0
        const booked = await timed('book', () =>
          attempt(next(), 'POST', '/bookings', {
            auth: customer.auth,
            body: { classId },
            headers: keyed(`bench-${index}-${n}`),
          }),
        )
        if (booked.kind !== 'ok') continue
        const id = (booked.data as { id: number }).id
        await timed('cancel', () =>
          attempt(next(), 'POST', `/bookings/${id}/cancel`, { auth: customer.auth }),
        )
      }
    }
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        client(
          customers.filter((_, c) => c % CLIENTS === i),
          i,
        ),
      ),
    )
    return figures
  } finally {
    await Promise.all(fleet.map((gateway) => gateway.stop('SIGTERM')))
  }
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
    const version = await client.query('SHOW server_version')
    postgresVersion = String(version.rows[0]?.server_version ?? '')
  } finally {
    await client.end()
  }
  return serverUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`)
}
let postgresVersion = ''

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`
const ms = (sorted: number[], q: number) => quantile(sorted, q).toFixed(1)

const setups: Setup[] = [{ name: 'SQLite', db: join(folder, 'gateway.db'), instances: 1 }]
if (findServerBin()) {
  cluster = await startCluster()
  setups.push(
    { name: 'PostgreSQL', db: await createDatabase(cluster.url, 'bench_one'), instances: 1 },
    { name: 'PostgreSQL', db: await createDatabase(cluster.url, 'bench_three'), instances: 3 },
  )
} else {
  console.log('booking bench: PostgreSQL is not installed (no initdb/pg_ctl): measuring SQLite only.')
}

console.log(
  `booking bench: ${MEASURE_MS / 1000} s per configuration after ${WARM_UP_MS / 1000} s of warm-up, ` +
    `${CLIENTS} clients, ${CUSTOMERS} customers, ${CLASSES} classes; each booking cancelled at once. ` +
    `Node ${process.version}, ${availableParallelism()} CPUs (load average ${loadavg()[0]?.toFixed(1)} at the start)` +
    `${postgresVersion ? `, PostgreSQL ${postgresVersion}` : ''}; the client, the gateways and the database share this machine.`,
)
const results: Figures[] = []
for (const setup of setups) results.push(await measure(setup))

console.log('')
console.log(
  row([
    'Database',
    'Instances',
    'Bookings/s',
    'Booking p50 ms',
    'Booking p99 ms',
    'Cancels/s',
    'Cancel p99 ms',
    'Errors',
  ]),
)
console.log(row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---']))
for (const figures of results) {
  const bookingMs = figures.bookingMs.sort((a, b) => a - b)
  const cancelMs = figures.cancelMs.sort((a, b) => a - b)
  const errors = [...figures.errors].map(([kind, n]) => `${kind}: ${n}`).join(', ') || '0'
  console.log(
    row([
      figures.name,
      figures.instances,
      Math.round(figures.bookings / (MEASURE_MS / 1000)),
      ms(bookingMs, 0.5),
      ms(bookingMs, 0.99),
      Math.round(figures.cancels / (MEASURE_MS / 1000)),
      ms(cancelMs, 0.99),
      errors,
    ]),
  )
  // A configuration that booked nothing, or answered anything but a clean envelope, fails the bench.
  if (figures.bookings === 0 || [...figures.errors.keys()].some((kind) => kind.includes('HTTP'))) {
    process.exitCode = 1
  }
}
