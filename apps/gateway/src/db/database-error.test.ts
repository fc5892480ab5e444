import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { type CliIo, runCli } from '../start-up/cli'
import { testDatabase } from '../testing/test-database'
import { openDatabase } from './database'
import { databaseError } from './database-error'
import { checkHealth } from './health'

const folder = mkdtempSync(join(tmpdir(), 'xdance-db-errors-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** Runs the command line on `GATEWAY_DB=file` and answers its exit code and what it printed, within 10 s. */
async function startWith(file: string): Promise<{ exit: number; lines: string[] }> {
  const lines: string[] = []
  let exited: (code: number) => void = () => {}
  const exit = new Promise<number>((resolve) => {
    exited = resolve
  })
  const io: CliIo = {
    env: { PORT: '0', GATEWAY_DB: file },
    cwd: folder,
    onSignal: () => {},
    log: (line) => lines.push(line),
    error: (line) => lines.push(line),
    exit: (code) => exited(code),
  }
  const started = await runCli(io)
  await started?.close()
  const timeout = new Promise<number>((_, reject) =>
    setTimeout(() => reject(new Error('the command line neither started nor exited')), 10_000).unref(),
  )
  return { exit: started ? 0 : await Promise.race([exit, timeout]), lines }
}

function corruptFile(): string {
  const good = join(folder, 'good.db')
  const db = new DatabaseSync(good)
  db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)')
  db.close()
  const bytes = readFileSync(good)
  // Past the 100-byte header, the schema page is overwritten with garbage.
  bytes.fill(0x41, 100, 4096)
  const file = join(folder, 'corrupt.db')
  writeFileSync(file, bytes)
  return file
}

describe('a database the gateway cannot open', () => {
  test.each([
    [
      'a text file',
      () => {
        const file = join(folder, 'notes.db')
        writeFileSync(file, 'these are my notes, not a database '.repeat(20))
        return file
      },
      'DB_NOT_A_DATABASE',
      /is not a SQLite database/,
    ],
    ['a corrupt database', corruptFile, 'DB_CORRUPT', /is corrupt/],
    [
      'a folder',
      () => {
        const dir = join(folder, 'data.db')
        mkdirSync(dir)
        return dir
      },
      'DB_IS_DIRECTORY',
      /is a folder; GATEWAY_DB must name a file/,
    ],
  ])('%s: the command line names the cause (%s) and exits 1', async (_name, make, code, message) => {
    const file = make()
    const { exit, lines } = await startWith(file)
    expect(exit).toBe(1)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(message)
    expect(lines[0]).toContain(file)
    let error: unknown
    try {
      openDatabase(file)
    } catch (caught) {
      error = caught
    }
    expect(error).toMatchObject({ name: 'GatewayServerError', kind: 'database', code })
  })

  // Root may write anywhere, so as root (CI's containers) the gateway opens the database in a child process that
  // first drops to the user nobody, after loading its code: the same refusal as a non-root user's, tested everywhere.
  test('a file it may not write: DB_PERMISSION', async () => {
    const dir = join(folder, 'locked')
    mkdirSync(dir, { mode: 0o755 })
    chmodSync(folder, 0o755)
    const file = join(dir, 'gateway.db')
    if (process.getuid?.() !== 0) {
      chmodSync(dir, 0o500)
      const { exit, lines } = await startWith(file)
      expect(exit).toBe(1)
      expect(lines[0]).toMatch(/Permission denied/)
      expect(lines[0]).toContain(file)
      return
    }
    const script = `
      import { startGateway } from ${JSON.stringify(pathToFileURL(resolve(import.meta.dirname, '../../dist/index.js')).href)}
      process.setgid(65534)
      process.setuid(65534)
      try {
        await (await startGateway({ db: process.env.DB_FILE, port: 0 })).close()
        console.log(JSON.stringify({ opened: true }))
      } catch (error) {
        console.log(JSON.stringify({ name: error.name, kind: error.kind, code: error.code, message: error.message }))
      }`
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, DB_FILE: file },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(child.stderr).toBe('')
    const outcome = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}')
    expect(outcome).toMatchObject({ name: 'GatewayServerError', kind: 'database', code: 'DB_PERMISSION' })
    expect(outcome.message).toMatch(/Permission denied/)
    expect(outcome.message).toContain(file)
  })

  test.each([
    [{ code: 'EACCES', message: 'permission denied, mkdir' }, 'DB_PERMISSION'],
    [{ code: 'EROFS', message: 'read-only file system' }, 'DB_PERMISSION'],
    [{ errcode: 8, message: 'attempt to write a readonly database' }, 'DB_PERMISSION'],
    [{ errcode: 26, message: 'file is not a database' }, 'DB_NOT_A_DATABASE'],
    [{ errcode: 11, message: 'database disk image is malformed' }, 'DB_CORRUPT'],
    [{ errcode: 267, message: 'database disk image is malformed (extended)' }, 'DB_CORRUPT'],
    [{ code: 'ENOTDIR', message: 'not a directory' }, 'DB_OPEN_FAILED'],
  ])('SQLite or Node failing with %j is %s', (failure, code) => {
    const error = databaseError(join(folder, 'missing', 'x.db'), failure, {
      code: 'DB_OPEN_FAILED',
      message: 'Could not open',
    })
    expect([error.kind, error.code]).toEqual(['database', code])
    expect(error.cause).toBe(failure)
  })
})

describe('the health check', () => {
  test('answers nothing for a database that reads and writes, and the reason for one that does not', () => {
    const db = openDatabase(testDatabase())
    expect(checkHealth(db, 1)).toBeUndefined()
    expect(checkHealth(db, 2)).toBeUndefined()
    db.exec('DROP TABLE health')
    // SQLite's words, or PostgreSQL's.
    expect(checkHealth(db, 3)).toMatch(/no such table: health|relation "health" does not exist/)
    db.close()
    expect(checkHealth(db, 4)).toBe('the database is closed')
  })
})
