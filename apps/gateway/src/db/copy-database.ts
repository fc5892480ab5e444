import { createHash, type Hash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { GatewayServerError } from '../core/gateway-server-error'
import { MIGRATIONS } from './migrations'
import {
  connectPostgres,
  identityTables,
  isPostgresUrl,
  openPostgres,
  type PostgresConnection,
  shownLocation,
} from './postgres'

/** What {@link copyDatabase} found for one table: rows and checksum on each side. */
export interface TableCopy {
  table: string
  sourceRows: number
  targetRows: number
  /** The first 12 hex characters of a sha256 over the rows, read back ordered by primary key. */
  sourceChecksum: string
  targetChecksum: string
  matched: boolean
}

export interface CopyOptions {
  /** The studio's SQLite file (read only: it is not migrated, not written). */
  from: string
  /** An empty PostgreSQL database (`postgres://…`); the schema is created if missing. */
  to: string
  /** Where the per-table lines and the progress of big tables go. */
  log?: (line: string) => void
}

/** Rows between two progress lines of a big table. */
export const PROGRESS_EVERY = 10_000
/** Rows per INSERT (fewer for wide tables: PostgreSQL takes at most 65,535 parameters in one statement). */
const BATCH_ROWS = 1_000
const MAX_PARAMS = 65_535
/** Rows per FETCH when a table is read back from PostgreSQL. */
const FETCH_ROWS = 5_000

interface SourceTable {
  name: string
  columns: string[]
  /** Primary-key columns in key order; empty for a table without one (then every column orders it). */
  key: string[]
  /** Tables this one references: they are copied first. */
  parents: string[]
}

const refuse = (code: string, message: string): GatewayServerError =>
  new GatewayServerError('database', code, message)

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`

/**
 * Copies a studio's SQLite database into an empty PostgreSQL database, in one PostgreSQL transaction, then reads
 * both sides back and compares row counts and checksums table by table. The source is opened read only and read in
 * one transaction, so a gateway still running on it does not tear the copy.
 *
 * Refused (a {@link GatewayServerError}, nothing written) when the source is not a gateway database, its schema is
 * not the one this gateway knows (start the gateway once on it to migrate), or the target already holds rows.
 *
 * @example
 * const results = copyDatabase({ from: '/srv/xdance/gateway.db', to: 'postgres://xdance@db:5432/xdance', log: console.log })
 * if (!results.every((table) => table.matched)) process.exitCode = 1
 */
export function copyDatabase({ from, to, log = () => {} }: CopyOptions): TableCopy[] {
  if (!isPostgresUrl(to)) throw refuse('DB_COPY_USAGE', `--to must be a postgres:// URL, not ${to}`)
  const source = openSource(from)
  try {
    const tables = sourceTables(source)
    refuseNonEmptyTarget(to, tables)
    // Creates the schema (or brings an older one up to date) the way a gateway's start does.
    openPostgres(to).close()
    const target = connect(to)
    try {
      const copied = copyTables(source, target, tables, log)
      return verify(target, copied, log)
    } finally {
      target.close()
    }
  } finally {
    source.close()
  }
}

function openSource(file: string): DatabaseSync {
  if (isPostgresUrl(file))
    throw refuse('DB_COPY_USAGE', `--from must be a SQLite file, not ${shownLocation(file)}`)
  // A missing file would be created empty by SQLite: say so instead.
  if (!existsSync(file)) throw refuse('DB_COPY_SOURCE', `${file}: no such file`)
  let db: DatabaseSync | undefined
  try {
    db = new DatabaseSync(file, { readOnly: true })
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version
    const hasOrgs = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'orgs'").get()
    if (version === 0 || !hasOrgs) throw refuse('DB_COPY_SOURCE', `${file} is not a gateway database`)
    if (version !== MIGRATIONS.length) {
      throw refuse(
        'DB_COPY_SOURCE_VERSION',
        version < MIGRATIONS.length
          ? `${file} has schema version ${version}, this gateway's is ${MIGRATIONS.length}: start the gateway once on it (GATEWAY_DB=${file}) to migrate it, then copy`
          : `${file} has schema version ${version}, newer than this gateway knows (${MIGRATIONS.length}): copy with the gateway that wrote it`,
      )
    }
    return db
  } catch (error) {
    if (db?.isOpen) db.close()
    if (GatewayServerError.isInstance(error)) throw error
    // Not SQLite at all ("file is not a database"), or unreadable.
    throw refuse(
      'DB_COPY_SOURCE',
      `${file} is not a gateway database (${error instanceof Error ? error.message : String(error)})`,
    )
  }
}

/** The source's tables, parents before the tables that reference them. */
function sourceTables(db: DatabaseSync): SourceTable[] {
  const names = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((row) => row.name)
  const tables = names.map((name): SourceTable => {
    const info = db.prepare(`PRAGMA table_info(${quote(name)})`).all() as { name: string; pk: number }[]
    const references = db.prepare(`PRAGMA foreign_key_list(${quote(name)})`).all() as { table: string }[]
    return {
      name,
      columns: info.map((column) => column.name),
      key: info
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      parents: [...new Set(references.map((reference) => reference.table))].filter(
        (parent) => parent !== name,
      ),
    }
  })
  return parentsFirst(tables)
}

/**
 * Orders tables so that each comes after every table it references: PostgreSQL checks a foreign key at each INSERT
 * (the gateway's are not deferrable), so a child row needs its parent already there.
 *
 * @example
 * parentsFirst([{ name: 'bookings', parents: ['classes'] }, { name: 'classes', parents: [] }]) // classes, bookings
 */
export function parentsFirst<T extends { name: string; parents: string[] }>(tables: T[]): T[] {
  const byName = new Map(tables.map((table) => [table.name, table]))
  const ordered: T[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (table: T, path: string[]) => {
    if (state.get(table.name) === 'done') return
    if (state.get(table.name) === 'visiting') {
      throw refuse('DB_COPY_SOURCE', `foreign keys form a cycle: ${[...path, table.name].join(' -> ')}`)
    }
    state.set(table.name, 'visiting')
    for (const parent of table.parents) {
      const found = byName.get(parent)
      if (found) visit(found, [...path, table.name])
    }
    state.set(table.name, 'done')
    ordered.push(table)
  }
  for (const table of tables) visit(table, [])
  return ordered
}

function connect(url: string): PostgresConnection {
  try {
    const connection = connectPostgres(url)
    connection.query('SELECT 1')
    return connection
  } catch (error) {
    throw refuse(
      'DB_COPY_TARGET',
      `could not connect to ${shownLocation(url)} (${error instanceof Error ? error.message : String(error)})`,
    )
  }
}

/** Table names of the target's current schema. */
function targetTables(target: PostgresConnection): Set<string> {
  return new Set(
    target
      .query(
        `SELECT table_name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      )
      .rows.map((row) => String(row.table_name)),
  )
}

/** The gateway tables of the target that hold rows (of those the source has too, which the copy would write). */
function nonEmpty(target: PostgresConnection, tables: SourceTable[]): string[] {
  const present = targetTables(target)
  return tables
    .filter((table) => present.has(table.name))
    .filter((table) => target.query(`SELECT 1 FROM ${quote(table.name)} LIMIT 1`).rows.length > 0)
    .map((table) => table.name)
}

/** Checked before the schema is migrated, so a database in use is not touched at all. */
function refuseNonEmptyTarget(url: string, tables: SourceTable[]): void {
  const target = connect(url)
  try {
    const full = nonEmpty(target, tables)
    if (full.length > 0) throw notEmpty(url, full)
  } finally {
    target.close()
  }
}

const notEmpty = (url: string, full: string[]): GatewayServerError =>
  refuse(
    'DB_COPY_TARGET_NOT_EMPTY',
    `${shownLocation(url)} already holds gateway rows (${full.slice(0, 5).join(', ')}${full.length > 5 ? ', …' : ''}): copy into an empty database`,
  )

interface Copied {
  table: SourceTable
  rows: number
  checksum: string
}

/** One JSON line per row, values in column order: numbers stay numbers, null stays null, on both sides. */
function hashRow(hash: Hash, columns: string[], row: Record<string, unknown>): void {
  const values = columns.map((column) => {
    const value = row[column]
    if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('hex') }
    if (typeof value === 'bigint') return value.toString()
    return value ?? null
  })
  hash.update(`${JSON.stringify(values)}\n`)
}

const digest = (hash: Hash): string => hash.digest('hex').slice(0, 12)

function copyTables(
  source: DatabaseSync,
  target: PostgresConnection,
  tables: SourceTable[],
  log: (line: string) => void,
): Copied[] {
  const present = targetTables(target)
  const copied: Copied[] = []
  // One read snapshot of the source for every table, one transaction on the target: all or nothing.
  source.exec('BEGIN')
  target.exec('BEGIN')
  try {
    const written = tables.filter((table) => {
      if (present.has(table.name)) return true
      log(`${table.name}: skipped (the target has no such table)`)
      return false
    })
    // Another process (a gateway started on the target meanwhile) must not write between the check and the copy.
    if (written.length > 0) {
      target.exec(`LOCK TABLE ${written.map((table) => quote(table.name)).join(', ')} IN EXCLUSIVE MODE`)
    }
    const full = nonEmpty(target, written)
    if (full.length > 0)
      throw refuse('DB_COPY_TARGET_NOT_EMPTY', `the target got rows meanwhile (${full.join(', ')})`)
    for (const table of written) copied.push(copyTable(source, target, table, log))
    for (const table of numberedTables(target, written)) {
      // The copy set every id itself; the identity must go on after the largest, or the next insert collides.
      target.query(
        `SELECT setval(pg_get_serial_sequence($1, 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM ${quote(table)}`,
        [table],
      )
    }
    target.exec('COMMIT')
  } catch (error) {
    try {
      target.exec('ROLLBACK')
    } catch {
      // A lost connection rolled back on the server already.
    }
    if (GatewayServerError.isInstance(error)) throw error
    // A row PostgreSQL refused (a foreign key SQLite did not enforce, a value its column type does not take).
    throw new GatewayServerError(
      'database',
      'DB_COPY_FAILED',
      `the copy failed and nothing was written (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    )
  } finally {
    source.exec('COMMIT')
  }
  return copied
}

function numberedTables(target: PostgresConnection, tables: SourceTable[]): string[] {
  const numbered = identityTables(target)
  return tables.map((table) => table.name).filter((name) => numbered.has(name))
}

function copyTable(
  source: DatabaseSync,
  target: PostgresConnection,
  table: SourceTable,
  log: (line: string) => void,
): Copied {
  const { name, columns } = table
  const total = (source.prepare(`SELECT COUNT(*) AS n FROM ${quote(name)}`).get() as { n: number }).n
  const order = (table.key.length > 0 ? table.key : columns).map(quote).join(', ')
  const select = source.prepare(
    `SELECT ${columns.map(quote).join(', ')} FROM ${quote(name)} ORDER BY ${order}`,
  )
  const perBatch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMS / columns.length)))
  const hash = createHash('sha256')
  let batch: Record<string, unknown>[] = []
  let rows = 0
  const flush = () => {
    if (batch.length === 0) return
    const params: unknown[] = []
    const tuples = batch.map((row) => {
      const slots = columns.map((column) => {
        const value = row[column]
        params.push(
          value instanceof Uint8Array
            ? Buffer.from(value)
            : typeof value === 'bigint'
              ? value.toString()
              : value,
        )
        return `$${params.length}`
      })
      return `(${slots.join(', ')})`
    })
    target.query(
      `INSERT INTO ${quote(name)} (${columns.map(quote).join(', ')}) VALUES ${tuples.join(', ')}`,
      params,
    )
    const before = rows
    rows += batch.length
    batch = []
    if (Math.floor(rows / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY)) {
      log(`${name}: ${Math.floor(rows / PROGRESS_EVERY) * PROGRESS_EVERY} of ${total} rows`)
    }
  }
  // iterate() keeps a big table out of memory; Node 22.12 (the oldest the gateway runs on) has only all().
  const read = typeof select.iterate === 'function' ? select.iterate() : select.all()
  for (const row of read as Iterable<Record<string, unknown>>) {
    hashRow(hash, columns, row)
    batch.push(row)
    if (batch.length >= perBatch) flush()
  }
  flush()
  return { table, rows, checksum: digest(hash) }
}

/** Reads every copied table back from the target, in the source's order, and compares. */
function verify(target: PostgresConnection, copied: Copied[], log: (line: string) => void): TableCopy[] {
  const text = textColumns(target)
  const results: TableCopy[] = []
  const width = Math.max(5, ...copied.map((entry) => entry.table.name.length))
  log(
    `${'table'.padEnd(width)}  ${'source'.padStart(8)}  ${'target'.padStart(8)}  source sha256  target sha256`,
  )
  target.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
  try {
    for (const { table, rows, checksum } of copied) {
      const back = readBack(target, table, text)
      const result: TableCopy = {
        table: table.name,
        sourceRows: rows,
        targetRows: back.rows,
        sourceChecksum: checksum,
        targetChecksum: back.checksum,
        matched: rows === back.rows && checksum === back.checksum,
      }
      results.push(result)
      log(
        `${table.name.padEnd(width)}  ${String(rows).padStart(8)}  ${String(back.rows).padStart(8)}  ${checksum}   ${back.checksum}   ${result.matched ? 'ok' : 'MISMATCH'}`,
      )
    }
  } finally {
    target.exec('COMMIT')
  }
  return results
}

/** `table.column` of the target's text columns: they are ordered byte-wise (SQLite's BINARY), whatever the locale. */
function textColumns(target: PostgresConnection): Set<string> {
  return new Set(
    target
      .query(
        `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'character')`,
      )
      .rows.map((row) => `${String(row.table_name)}.${String(row.column_name)}`),
  )
}

function readBack(
  target: PostgresConnection,
  table: SourceTable,
  text: Set<string>,
): { rows: number; checksum: string } {
  const { name, columns } = table
  // The source's ORDER BY, spelled so PostgreSQL sorts the same: byte order for text, NULL first as in SQLite.
  const order = (table.key.length > 0 ? table.key : columns)
    .map((column) => `${quote(column)}${text.has(`${name}.${column}`) ? ' COLLATE "C"' : ''} NULLS FIRST`)
    .join(', ')
  target.exec(
    `DECLARE copy_check NO SCROLL CURSOR FOR SELECT ${columns.map(quote).join(', ')} FROM ${quote(name)} ORDER BY ${order}`,
  )
  const hash = createHash('sha256')
  let rows = 0
  try {
    for (;;) {
      const page = target.query(`FETCH ${FETCH_ROWS} FROM copy_check`).rows
      for (const row of page) hashRow(hash, columns, row)
      rows += page.length
      if (page.length < FETCH_ROWS) break
    }
  } finally {
    target.exec('CLOSE copy_check')
  }
  return { rows, checksum: digest(hash) }
}
