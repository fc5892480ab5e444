import { connectPostgres, openPostgres, type PostgresConnection } from '../db/postgres'

/**
 * The suite runs twice in `npm test`: on SQLite in memory, and on PostgreSQL when `XDANCE_TEST_POSTGRES` names a
 * server (scripts/postgres-cluster.mjs starts a throwaway one and sets it). On PostgreSQL each test gets a database
 * of its own, copied from a migrated template, so tests stay as independent as in-memory SQLite makes them.
 */
export const TEST_POSTGRES = process.env.XDANCE_TEST_POSTGRES

const TEMPLATE = 'xdance_template'
let admin: PostgresConnection | undefined
let made = 0
/** Databases this process made and has not dropped yet (see {@link dropClosedTestDatabases}). */
const leftover: string[] = []

const withDatabase = (url: string, name: string): string => url.replace(/\/[^/?]*(\?|$)/, `/${name}$1`)

function adminConnection(server: string): PostgresConnection {
  if (admin) return admin
  const connection = connectPostgres(server)
  // One process migrates the template; the others (vitest's workers) wait for it on the lock.
  connection.query('SELECT pg_advisory_lock(7)')
  try {
    const exists =
      connection.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]).rows.length > 0
    if (!exists) {
      connection.exec(`CREATE DATABASE ${TEMPLATE}`)
      openPostgres(withDatabase(server, TEMPLATE)).close()
    }
  } finally {
    connection.query('SELECT pg_advisory_unlock(7)')
  }
  admin = connection
  return connection
}

/**
 * Where a test's database lives: `:memory:` (SQLite) or the URL of a fresh PostgreSQL database.
 *
 * @example
 * const db = openDatabase(testDatabase())
 */
export function testDatabase(): string {
  if (!TEST_POSTGRES) return ':memory:'
  const connection = adminConnection(TEST_POSTGRES)
  made += 1
  const name = `test_${process.pid}_${made}`
  connection.exec(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`)
  leftover.push(name)
  return withDatabase(TEST_POSTGRES, name)
}

/**
 * Drops the databases made so far that no connection uses any more (the test that made them closed its gateway);
 * one still open is tried again next time. Run after each test and each file (setup-postgres.ts): a suite makes
 * hundreds, and the cluster's disk is not infinite.
 */
export function dropClosedTestDatabases(): void {
  if (!admin) return
  for (const name of leftover.splice(0)) {
    const users = admin.query('SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = $1', [name]).rows[0]
      ?.n
    if (users === 0) {
      admin.exec(`DROP DATABASE IF EXISTS ${name}`)
    } else {
      leftover.push(name)
    }
  }
}
