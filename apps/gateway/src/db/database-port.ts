import type { SQLInputValue } from 'node:sqlite'

/** A bound parameter: SQL text is never built from request values, only parameters carry them. */
export type Param = SQLInputValue

/**
 * A thin typed wrapper over `node:sqlite` or a PostgreSQL server (./postgres.ts): cached prepared statements, bound
 * parameters only, and `transaction()` that takes the write lock up front (SQLite's `BEGIN IMMEDIATE`, an advisory
 * lock on PostgreSQL shared by every instance).
 */
export interface Database {
  /** Which engine answers: the SQL is the same, this is for the few places that must say so (logs, tests). */
  readonly dialect: 'sqlite' | 'postgres'
  get<T>(sql: string, ...params: Param[]): T | undefined
  all<T>(sql: string, ...params: Param[]): T[]
  run(sql: string, ...params: Param[]): { changes: number; lastId: number }
  exec(sql: string): void
  /**
   * Runs `work` in a write transaction: committed when it returns, rolled back when it throws. Called inside another
   * one it is a savepoint of it (rolled back alone when it throws, committed with the outer one).
   */
  transaction<T>(work: () => T): T
  /**
   * Runs `work` unless another instance on the same database is running work of the same `name` right now, in which
   * case it answers `undefined` at once: scheduled work runs once across instances. One process per SQLite file, so
   * there it always runs.
   */
  exclusive<T>(name: string, work: () => T): T | undefined
  /** This gateway process on this database: what a claim it makes is marked with (see {@link isInstanceAlive}). */
  readonly instanceId: string
  /**
   * Whether the instance `id` still runs on this database: on PostgreSQL, whether it holds a connection (a killed
   * instance's connections are gone); on a SQLite file, one process's, whether it is this one.
   */
  isInstanceAlive(id: string): boolean
  readonly isOpen: boolean
  close(): void
}
