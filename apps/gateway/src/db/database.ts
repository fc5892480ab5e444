import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { GatewayServerError } from '../core/gateway-server-error'
import { databaseError } from './database-error'
import type { Database, Param } from './database-port'
import { MIGRATIONS } from './migrations'
import { isPostgresUrl, openPostgres } from './postgres'
import { savepoint } from './savepoint'

export type { Database, Param } from './database-port'

/** How long a statement waits for another connection's lock before it fails with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 50

/**
 * Opens (creating if needed) the database at `location` (`:memory:`, a file path, or a `postgres://` URL) and brings
 * its schema up to date with the migration list.
 */
export function openDatabase(location: string): Database {
  if (isPostgresUrl(location)) return openPostgres(location)
  let opened: DatabaseSync | undefined
  try {
    if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true })
    opened = new DatabaseSync(location)
    // node:sqlite is synchronous: a wait for a lock held by another process (a backup, a SQLite shell) stalls the
    // whole event loop, so the wait is short and a lock that outlasts it is answered 503 BUSY with Retry-After.
    opened.exec(`PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};`)
    // WAL lets readers (another gateway process, a SQLite shell) look while a booking writes.
    if (location !== ':memory:') opened.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;')
  } catch (error) {
    if (opened?.isOpen) opened.close()
    throw databaseError(location, error, {
      code: 'DB_OPEN_FAILED',
      message: `Could not open the database at ${location}`,
    })
  }
  const raw = opened
  migrate(raw, location)

  const statements = new Map<string, StatementSync>()
  // How many transactions are open, the outermost included: an inner one is a savepoint.
  let depth = 0
  const instanceId = randomUUID()
  const prepare = (sql: string): StatementSync => {
    let statement = statements.get(sql)
    if (!statement) {
      statement = raw.prepare(sql)
      statements.set(sql, statement)
    }
    return statement
  }

  return {
    dialect: 'sqlite',
    get: <T>(sql: string, ...params: Param[]) => prepare(sql).get(...params) as T | undefined,
    all: <T>(sql: string, ...params: Param[]) => prepare(sql).all(...params) as T[],
    run(sql, ...params) {
      const result = prepare(sql).run(...params)
      return { changes: Number(result.changes), lastId: Number(result.lastInsertRowid) }
    },
    exec: (sql) => raw.exec(sql),
    transaction<T>(work: () => T): T {
      if (depth > 0)
        return savepoint(
          raw,
          depth,
          work,
          () => (depth += 1),
          () => (depth -= 1),
        )
      raw.exec('BEGIN IMMEDIATE')
      depth = 1
      try {
        const result = work()
        raw.exec('COMMIT')
        return result
      } catch (error) {
        raw.exec('ROLLBACK')
        throw error
      } finally {
        depth = 0
      }
    },
    instanceId,
    isInstanceAlive: (id) => id === instanceId,
    exclusive: (_name, work) => work(),
    get isOpen() {
      return raw.isOpen
    },
    close() {
      if (raw.isOpen) raw.close()
    },
  }
}

function migrate(raw: DatabaseSync, location: string): void {
  let row: { user_version: number }
  try {
    row = raw.prepare('PRAGMA user_version').get() as { user_version: number }
  } catch (error) {
    raw.close()
    throw databaseError(location, error, {
      code: 'DB_OPEN_FAILED',
      message: `Could not read the database at ${location}`,
    })
  }
  const current = row.user_version
  if (current > MIGRATIONS.length) {
    raw.close()
    throw new GatewayServerError(
      'database',
      'DB_TOO_NEW',
      `The database schema is version ${current}, newer than this gateway knows (${MIGRATIONS.length}).`,
    )
  }
  runMigrations(raw, location, current)
}

/** How long a start-up waits for another process's migration step before it fails (5 s; requests wait 50 ms). */
const MIGRATION_BUSY_TIMEOUT_MS = 5_000

/**
 * Runs the migrations from `from` on, each in its own write transaction. Two gateways started at once on one file
 * both read the version before either migrates: inside each step's lock the version is read again, and a step the
 * other process has done is skipped (`from` may be stale; the database's own version decides).
 *
 * @example
 * runMigrations(raw, '/srv/xdance/gateway.db', 0)
 */
export function runMigrations(raw: DatabaseSync, location: string, from: number): void {
  raw.exec(`PRAGMA busy_timeout = ${MIGRATION_BUSY_TIMEOUT_MS}`)
  for (let version = from; version < MIGRATIONS.length; version++) {
    try {
      raw.exec('BEGIN IMMEDIATE')
      const now = (raw.prepare('PRAGMA user_version').get() as { user_version: number }).user_version
      if (now <= version) {
        raw.exec(MIGRATIONS[version] ?? '')
        // PRAGMA takes no bound parameters; the value is a loop counter, not input.
        raw.exec(`PRAGMA user_version = ${version + 1}`)
      }
      raw.exec('COMMIT')
    } catch (error) {
      try {
        raw.exec('ROLLBACK')
      } catch {
        // A failed BEGIN leaves nothing to roll back.
      }
      raw.close()
      throw databaseError(location, error, {
        code: 'DB_MIGRATION_FAILED',
        message: `Migration ${version + 1} failed`,
      })
    }
  }
  raw.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
}
