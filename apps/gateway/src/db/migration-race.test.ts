import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, test } from 'vitest'
import { openDatabase, runMigrations } from './database'
import { MIGRATIONS } from './migrations'

// Issue 33: two gateways started at once on one SQLite file both read the schema's version before either migrates.
// The second must not run a migration the first has done ("Migration 1 failed (table orgs already exists)").

let folder = ''
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true })
})

describe('migrations from two processes at once', () => {
  test('a stale version read is corrected inside each step’s lock: nothing runs twice, nothing fails', () => {
    folder = mkdtempSync(join(tmpdir(), 'xdance-race-'))
    const file = join(folder, 'gateway.db')
    // The second process opened the file and read version 0…
    const late = new DatabaseSync(file)
    expect((late.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(0)
    // …then the first migrated everything.
    const first = openDatabase(file)
    first.close()
    // The second goes on from its stale 0: every step sees the work done and skips it.
    expect(() => runMigrations(late, file, 0)).not.toThrow()
    expect((late.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(
      MIGRATIONS.length,
    )
    const tables = late.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'orgs'").get() as {
      n: number
    }
    expect(tables.n).toBe(1)
    late.close()
  })

  test('half way: the second process picks up where the first stopped', () => {
    folder = mkdtempSync(join(tmpdir(), 'xdance-race-'))
    const file = join(folder, 'gateway.db')
    const first = new DatabaseSync(file)
    for (const [i, sql] of MIGRATIONS.slice(0, 5).entries()) {
      first.exec(sql)
      first.exec(`PRAGMA user_version = ${i + 1}`)
    }
    first.close()
    const late = new DatabaseSync(file)
    runMigrations(late, file, 0)
    expect((late.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(
      MIGRATIONS.length,
    )
    late.close()
    // And the file opens as any other.
    const again = openDatabase(file)
    expect(again.get<{ n: number }>('SELECT COUNT(*) AS n FROM members')?.n).toBe(0)
    again.close()
  })
})
