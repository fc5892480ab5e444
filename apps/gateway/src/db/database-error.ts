import { accessSync, constants, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { GatewayServerError } from '../core/gateway-server-error'
import { isPostgresBusy } from './postgres'

/** SQLite's primary result codes that say what is wrong with the file (https://sqlite.org/rescode.html). */
const SQLITE = { BUSY: 5, LOCKED: 6, READONLY: 8, CORRUPT: 11, CANTOPEN: 14, NOTADB: 26 } as const

interface Failure {
  code?: unknown
  errcode?: unknown
  message?: unknown
}

/**
 * Turns a failure to open or read the database at `location` into a {@link GatewayServerError} of kind `database`
 * that names the cause: `DB_PERMISSION`, `DB_NOT_A_DATABASE`, `DB_CORRUPT`, `DB_IS_DIRECTORY`, else `fallback`.
 * SQLite says "unable to open database file" for a folder and for a permission problem alike, so the file system is
 * asked which it is.
 */
export function databaseError(
  location: string,
  error: unknown,
  fallback: { code: string; message: string },
): GatewayServerError {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as Failure
  // Extended result codes keep the primary code in the low byte.
  const sqlite = typeof failure.errcode === 'number' ? failure.errcode & 0xff : undefined
  const fsCode = typeof failure.code === 'string' ? failure.code : undefined
  const make = (code: string, message: string) =>
    new GatewayServerError('database', code, message, { cause: error })

  if (sqlite === SQLITE.NOTADB) {
    return make(
      'DB_NOT_A_DATABASE',
      `${location} is not a SQLite database (GATEWAY_DB must name a gateway database file, or a new file).`,
    )
  }
  if (sqlite === SQLITE.CORRUPT) {
    return make(
      'DB_CORRUPT',
      `The database at ${location} is corrupt (SQLite: ${String(failure.message)}); restore it from a backup or move it away to start afresh.`,
    )
  }
  if (isDirectory(location)) {
    return make(
      'DB_IS_DIRECTORY',
      `${location} is a folder; GATEWAY_DB must name a file, e.g. ${location}/gateway.db.`,
    )
  }
  if (
    sqlite === SQLITE.READONLY ||
    fsCode === 'EACCES' ||
    fsCode === 'EPERM' ||
    fsCode === 'EROFS' ||
    (sqlite === SQLITE.CANTOPEN && !writable(location))
  ) {
    return make(
      'DB_PERMISSION',
      `Permission denied: the gateway cannot write the database at ${location} (it needs to write the file and its folder).`,
    )
  }
  return make(fallback.code, `${fallback.message} (${String(failure.message ?? error)})`)
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

// The file if it exists, else its folder: SQLite needs to write both (the journal lives beside the file).
function writable(location: string): boolean {
  for (const path of [location, dirname(location)]) {
    try {
      accessSync(path, constants.W_OK)
    } catch (error) {
      if ((error as Failure).code === 'ENOENT' && path === location) continue
      return false
    }
  }
  return true
}

/**
 * True when `error` is SQLite's "database is locked" (SQLITE_BUSY or SQLITE_LOCKED, extended codes included):
 * another connection held a lock longer than the busy timeout. The request is worth retrying in a moment.
 *
 * @example
 * if (isDatabaseBusy(error)) return c.json(fail(ERROR_CODES.BUSY.code, ERROR_CODES.BUSY.msg), 503)
 */
export function isDatabaseBusy(error: unknown): boolean {
  const errcode = (error as Failure | null)?.errcode
  return (
    (typeof errcode === 'number' &&
      ((errcode & 0xff) === SQLITE.BUSY || (errcode & 0xff) === SQLITE.LOCKED)) ||
    isPostgresBusy(error)
  )
}
