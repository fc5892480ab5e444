import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads'
import { GatewayServerError } from '../core/gateway-server-error'
import type { Database, Param } from './database-port'
import { MIGRATIONS } from './migrations'
import { savepoint } from './savepoint'
import { toPostgres, toPostgresDdl } from './sql-dialect'

/** True for a `GATEWAY_DB` that names a PostgreSQL server rather than a SQLite file. */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location)

/**
 * A database location fit for a log line: a PostgreSQL URL's password is replaced by `***`.
 *
 * @example
 * shownLocation('postgres://xdance:secret@db:5432/xdance') // 'postgres://xdance:***@db:5432/xdance'
 */
export const shownLocation = (location: string): string =>
  location.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')

/** The `application_name` of the gateway's connections (an instance's adds `:` and its id). */
export const APPLICATION = 'xdance-gateway'

/** How long one statement may take, lock waits included, before it fails (and the request is answered 503). */
export const STATEMENT_WAIT_MS = 30_000

/**
 * The advisory lock every write transaction takes first, on every instance: writers run one at a time across the
 * deployment, as SQLite's `BEGIN IMMEDIATE` makes them run in one process. That is what keeps a seat from being sold
 * twice by two instances without rewriting each check-then-write of the services; a booking holds it for a few
 * round trips (`pnpm bench` measures what that costs).
 */
const WRITE_LOCK = 0x78646e63
/** Held while the schema migrates: instances started together migrate one after the other. */
const MIGRATION_LOCK = 0x78646e64
/** Named locks of {@link Database.exclusive} live above this key. */
const EXCLUSIVE_LOCKS = 0x78646e70

/** An error PostgreSQL answered: its SQLSTATE in `code` (e.g. `23505` for a unique violation). */
export class PostgresError extends Error {
  override readonly name = 'PostgresError'
  readonly code: string | undefined
  constructor(message: string, code: string | undefined, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

/**
 * SQLSTATEs that mean "not now" rather than "wrong": lock or statement timeouts, a deadlock or serialization failure,
 * the server shutting down or out of connections, and no connection at all. A request that meets one is answered
 * 503 with Retry-After, like SQLite's BUSY.
 */
export function isPostgresBusy(error: unknown): boolean {
  if (!(error instanceof PostgresError)) return false
  const code = error.code ?? ''
  return (
    ['55P03', '57014', '40001', '40P01', '53300', '57P01', '57P03'].includes(code) ||
    code.startsWith('08') ||
    !/^[0-9A-Z]{5}$/.test(code)
  )
}

interface Reply {
  id: number
  ok: boolean
  rows: Record<string, unknown>[]
  changes: number
  error?: { message: string; code?: string; detail?: string }
}

/** One synchronous connection: a statement is sent to the worker and the thread sleeps until its answer. */
export interface PostgresConnection {
  query(sql: string, params?: unknown[]): { rows: Record<string, unknown>[]; changes: number }
  /** Runs SQL text without parameters, several statements allowed. */
  exec(sql: string): void
  close(): void
}

function workerFile(): URL {
  // Built: dist/pg-worker.js beside the bundle. From source (tests): the .mjs beside this file.
  for (const name of ['./pg-worker.js', './pg-worker.mjs']) {
    const url = new URL(name, import.meta.url)
    if (existsSync(fileURLToPath(url))) return url
  }
  throw new GatewayServerError(
    'database',
    'DB_OPEN_FAILED',
    'The PostgreSQL worker (pg-worker.js) is missing.',
  )
}

interface Channel {
  worker: Worker
  flag: Int32Array
  answers: MessagePort
  next: number
  users: number
}

/** The process's one worker, shared by its connections (a test process opens hundreds), made on first use. */
let channel: Channel | undefined

function openChannel(): Channel {
  if (channel) return channel
  const signal = new SharedArrayBuffer(4)
  const { port1: answers, port2: replies } = new MessageChannel()
  const worker = new Worker(workerFile(), { workerData: { signal, replies }, transferList: [replies] })
  // The server keeps the process alive; an idle connection must not.
  worker.unref()
  answers.unref()
  channel = { worker, flag: new Int32Array(signal), answers, next: 0, users: 0 }
  return channel
}

/** Names of the statements sent so far: the same SQL text is the same prepared statement on every connection. */
const statementNames = new Map<string, string>()

function send(
  line: Channel,
  request: { op: 'open' | 'query' | 'exec' | 'close'; conn: number } & Record<string, unknown>,
): Reply {
  line.next += 1
  const id = line.next
  Atomics.store(line.flag, 0, 0)
  line.worker.postMessage({ ...request, id })
  const deadline = Date.now() + STATEMENT_WAIT_MS
  for (;;) {
    const received = receiveMessageOnPort(line.answers)
    if (received) {
      const reply = received.message as Reply
      // A late answer to a statement that timed out earlier is dropped.
      if (reply.id === id) return reply
      continue
    }
    if (Atomics.load(line.flag, 0) === 1) {
      Atomics.store(line.flag, 0, 0)
      continue
    }
    const left = deadline - Date.now()
    if (left <= 0)
      throw new PostgresError(`PostgreSQL did not answer within ${STATEMENT_WAIT_MS} ms.`, 'TIMEOUT')
    Atomics.wait(line.flag, 0, 0, Math.min(left, 50))
  }
}

let connectionCount = 0

/**
 * Connects to PostgreSQL at `url` through the process's worker thread and answers synchronously: the thread sleeps
 * until the answer is there, as node:sqlite's calls do.
 *
 * @example
 * const connection = connectPostgres('postgres://xdance@127.0.0.1:5432/xdance')
 * connection.query('SELECT 1 AS one').rows // [{ one: 1 }]
 */
export function connectPostgres(url: string, application: string = APPLICATION): PostgresConnection {
  const line = openChannel()
  line.users += 1
  connectionCount += 1
  const conn = connectionCount
  send(line, { op: 'open', conn, url, application })
  let closed = false

  const check = (reply: Reply, sql: string): Reply => {
    if (reply.ok) return reply
    const error = reply.error ?? { message: 'unknown failure' }
    throw new PostgresError(
      `${error.message}${error.detail ? ` (${error.detail})` : ''} in: ${sql.trim().slice(0, 200)}`,
      error.code,
    )
  }
  const live = () => {
    if (closed) throw new PostgresError('The database connection is closed.', 'CLOSED')
    return line
  }

  return {
    query(sql, params = []) {
      let name = statementNames.get(sql)
      if (!name) {
        name = `x${statementNames.size + 1}`
        statementNames.set(sql, name)
      }
      return check(send(live(), { op: 'query', conn, sql, params, name }), sql)
    },
    exec(sql) {
      check(send(live(), { op: 'exec', conn, sql }), sql)
    },
    close() {
      if (closed) return
      closed = true
      try {
        send(line, { op: 'close', conn })
      } finally {
        line.users -= 1
        if (line.users === 0 && channel === line) {
          channel = undefined
          void line.worker.terminate()
          line.answers.close()
        }
      }
    },
  }
}

/**
 * The tables whose `id` the database numbers (an identity: SQLite's rowid `id` after `toPostgresDdl`).
 *
 * @example
 * identityTables(connection).has('bookings') // true
 */
export function identityTables(connection: PostgresConnection): Set<string> {
  return new Set(
    connection
      .query(
        `SELECT table_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND column_name = 'id' AND is_identity = 'YES'`,
      )
      .rows.map((row) => String(row.table_name)),
  )
}

interface Prepared {
  text: string
  /** An INSERT into a table numbered by identity: `RETURNING id` answers `lastId`, as SQLite's rowid does. */
  returningId: boolean
  /** An INSERT that sets `id` itself: the table's identity is moved past it afterwards. */
  resync: string | undefined
}

const bindable = (params: Param[]): unknown[] =>
  params.map((value) => (value instanceof Uint8Array ? Buffer.from(value) : value))

/**
 * Opens the gateway's database on a PostgreSQL server (15 or later) and brings its schema up to date, behind a
 * migration lock so instances started together migrate once. Same {@link Database} as SQLite's: the services do not
 * know which one they run on.
 */
export function openPostgres(url: string): Database {
  const shown = shownLocation(url)
  // Named in the server's activity view, so that other instances can tell whether this one still runs.
  const instanceId = randomUUID().slice(0, 18)
  let connection: PostgresConnection | undefined
  try {
    connection = connectPostgres(url, `${APPLICATION}:${instanceId}`)
    connection.query('SELECT 1')
  } catch (error) {
    connection?.close()
    throw new GatewayServerError(
      'database',
      'DB_OPEN_FAILED',
      `Could not connect to PostgreSQL at ${shown} (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    )
  }
  migratePostgres(connection, shown)

  const identities = identityTables(connection)
  const prepared = new Map<string, Prepared>()
  const prepare = (sql: string): Prepared => {
    let statement = prepared.get(sql)
    if (!statement) {
      const insert = /^\s*INSERT\s+INTO\s+(\w+)\s*\(([^)]*)\)/i.exec(sql)
      const table = insert?.[1]
      const numbered = table !== undefined && identities.has(table)
      const setsId = numbered && /(^|,)\s*id\s*(,|$)/.test(insert?.[2] ?? '')
      const returningId = numbered && !setsId && !/\bRETURNING\b/i.test(sql)
      statement = {
        text: toPostgres(sql) + (returningId ? ' RETURNING id' : ''),
        returningId,
        resync: setsId ? table : undefined,
      }
      prepared.set(sql, statement)
    }
    return statement
  }
  const query = (sql: string, params: Param[]) => {
    const statement = prepare(sql)
    const result = connection.query(statement.text, bindable(params))
    if (statement.resync) {
      connection.query(
        `SELECT setval(pg_get_serial_sequence('${statement.resync}', 'id'),
           GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${statement.resync}), 1))`,
      )
    }
    return { statement, result }
  }
  // How many transactions are open, the outermost included: an inner one is a savepoint.
  let depth = 0
  let open = true

  return {
    dialect: 'postgres',
    get: <T>(sql: string, ...params: Param[]) => query(sql, params).result.rows[0] as T | undefined,
    all: <T>(sql: string, ...params: Param[]) => query(sql, params).result.rows as T[],
    run(sql, ...params) {
      const { statement, result } = query(sql, params)
      const lastId = statement.returningId ? Number(result.rows[0]?.id ?? 0) : 0
      return { changes: result.changes, lastId }
    },
    exec: (sql) => connection.exec(toPostgres(sql)),
    transaction<T>(work: () => T): T {
      if (depth > 0)
        return savepoint(
          connection,
          depth,
          work,
          () => (depth += 1),
          () => (depth -= 1),
        )
      depth = 1
      try {
        try {
          // One round trip: the transaction and its lock (waited for at most the connection's lock_timeout).
          connection.exec(`BEGIN; SELECT pg_advisory_xact_lock(${WRITE_LOCK})`)
          const result = work()
          connection.exec('COMMIT')
          return result
        } catch (error) {
          try {
            connection.exec('ROLLBACK')
          } catch {
            // A connection lost mid-transaction rolled back on the server already.
          }
          throw error
        }
      } finally {
        depth = 0
      }
    },
    instanceId,
    isInstanceAlive: (id) =>
      id === instanceId ||
      connection.query('SELECT 1 FROM pg_stat_activity WHERE application_name = $1 LIMIT 1', [
        `${APPLICATION}:${id}`,
      ]).rows.length > 0,
    exclusive<T>(name: string, work: () => T): T | undefined {
      const key = exclusiveLockKey(name)
      const taken = connection.query(`SELECT pg_try_advisory_lock(${key}) AS taken`).rows[0]?.taken === 1
      if (!taken) return undefined
      try {
        return work()
      } finally {
        connection.query(`SELECT pg_advisory_unlock(${key})`)
      }
    },
    get isOpen() {
      return open
    },
    close() {
      if (!open) return
      open = false
      connection.close()
    },
  }
}

/**
 * The advisory lock of {@link Database.exclusive}'s `name`: a small stable number above {@link EXCLUSIVE_LOCKS} (the
 * names are the code's own, a handful).
 *
 * @example
 * connection.query(`SELECT pg_try_advisory_lock(${exclusiveLockKey('due-work')})`)
 */
export function exclusiveLockKey(name: string): number {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 4096
  return EXCLUSIVE_LOCKS + hash
}

/**
 * Spellings a migration needs on PostgreSQL beyond {@link toPostgresDdl}: SQLite's clock functions.
 */
const POSTGRES_SPELLING: [string, string][] = [
  ["CAST(strftime('%s', 'now') AS INTEGER) * 1000", 'CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)'],
]

/** The PostgreSQL text of migration `index` (0-based). */
export function postgresMigration(index: number): string {
  let sql = MIGRATIONS[index] ?? ''
  for (const [from, to] of POSTGRES_SPELLING) sql = sql.replaceAll(from, to)
  return toPostgresDdl(sql)
}

function migratePostgres(connection: PostgresConnection, shown: string): void {
  let version = 0
  try {
    // A second instance waits here until the first has migrated, then finds nothing to do.
    // Session-level, waited for without the connection's usual lock_timeout: another instance's migration may be long.
    connection.exec(`SET lock_timeout = 0; SELECT pg_advisory_lock(${MIGRATION_LOCK}); RESET lock_timeout`)
    connection.exec(
      `CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
       INSERT INTO schema_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;`,
    )
    version = Number(
      connection.query('SELECT version FROM schema_version WHERE id = 1').rows[0]?.version ?? 0,
    )
  } catch (error) {
    connection.close()
    throw new GatewayServerError(
      'database',
      'DB_OPEN_FAILED',
      `Could not read the database at ${shown} (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    )
  }
  if (version > MIGRATIONS.length) {
    connection.close()
    throw new GatewayServerError(
      'database',
      'DB_TOO_NEW',
      `The database schema is version ${version}, newer than this gateway knows (${MIGRATIONS.length}).`,
    )
  }
  for (let step = version; step < MIGRATIONS.length; step++) {
    try {
      connection.exec('BEGIN')
      connection.exec(postgresMigration(step))
      connection.query('UPDATE schema_version SET version = $1 WHERE id = 1', [step + 1])
      connection.exec('COMMIT')
    } catch (error) {
      try {
        connection.exec('ROLLBACK')
      } catch {
        // Nothing to roll back when BEGIN itself failed.
      }
      connection.close()
      throw new GatewayServerError(
        'database',
        'DB_MIGRATION_FAILED',
        `Migration ${step + 1} failed (${error instanceof Error ? error.message : String(error)})`,
        { cause: error },
      )
    }
  }
  connection.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`)
}
