import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, test } from 'vitest'
import { GatewayServerError } from '../core/gateway-server-error'
import { copyArguments, runCopyCommand } from '../start-up/copy-command'
import { TEST_POSTGRES, testDatabase } from '../testing/test-database'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'
import { copyDatabase, PROGRESS_EVERY, parentsFirst } from './copy-database'
import { DEMO_PHONE } from './demo-data'
import { MIGRATIONS } from './migrations'
import { connectPostgres } from './postgres'

const folder = mkdtempSync(join(tmpdir(), 'xdance-copy-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** Nothing listens there: a refusal of the source must come before the target is reached. */
const NOWHERE = 'postgres://xdance@127.0.0.1:1/xdance'

const refusal = (run: () => unknown): { code: string; message: string } => {
  try {
    run()
  } catch (error) {
    if (GatewayServerError.isInstance(error)) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('not refused')
}

describe('db:copy refuses a source that is not a current gateway database', () => {
  test('a missing file (SQLite would create it empty)', () => {
    const file = join(folder, 'missing.db')
    expect(refusal(() => copyDatabase({ from: file, to: NOWHERE }))).toEqual({
      code: 'DB_COPY_SOURCE',
      message: `${file}: no such file`,
    })
  })

  test('a file that is not SQLite, and a SQLite file without the gateway tables', () => {
    const text = join(folder, 'notes.txt')
    writeFileSync(text, 'not a database, just long enough to be read as a header of one. '.repeat(4))
    expect(refusal(() => copyDatabase({ from: text, to: NOWHERE })).message).toMatch(
      /notes\.txt is not a gateway database/,
    )
    const other = join(folder, 'other.db')
    const db = new DatabaseSync(other)
    db.exec('CREATE TABLE things (id INTEGER PRIMARY KEY)')
    db.close()
    expect(refusal(() => copyDatabase({ from: other, to: NOWHERE }))).toEqual({
      code: 'DB_COPY_SOURCE',
      message: `${other} is not a gateway database`,
    })
  })

  test('an older schema: the user is told to start the gateway once on it', () => {
    const old = join(folder, 'old.db')
    const db = new DatabaseSync(old)
    db.exec(`${MIGRATIONS[0]}; PRAGMA user_version = 1`)
    db.close()
    const { code, message } = refusal(() => copyDatabase({ from: old, to: NOWHERE }))
    expect(code).toBe('DB_COPY_SOURCE_VERSION')
    expect(message).toContain(
      `schema version 1, this gateway's is ${MIGRATIONS.length}: start the gateway once`,
    )
  })

  test('a target that is not a PostgreSQL URL', () => {
    expect(refusal(() => copyDatabase({ from: join(folder, 'x.db'), to: '/tmp/y.db' })).code).toBe(
      'DB_COPY_USAGE',
    )
  })
})

describe('db:copy arguments', () => {
  test.each<[string, string[], { from: string; to: string } | undefined]>([
    [
      'both flags',
      ['--from', 'a.db', '--to', 'postgres://h/d'],
      { from: '/user/a.db', to: 'postgres://h/d' },
    ],
    ['the = form', ['--from=/srv/a.db', '--to=postgres://h/d'], { from: '/srv/a.db', to: 'postgres://h/d' }],
    [
      "pnpm's own -- passed through",
      ['--', '--to', 'postgres://h/d', '--from', 'a.db'],
      { from: '/user/a.db', to: 'postgres://h/d' },
    ],
    ['no --to', ['--from', 'a.db'], undefined],
    ['a flag without its value', ['--from', '--to', 'postgres://h/d'], undefined],
    ['an unknown flag', ['--from', 'a.db', '--to', 'postgres://h/d', '--force'], undefined],
    ['nothing', [], undefined],
  ])('%s', (_name, args, expected) => {
    // A relative file is the user's, from where they ran pnpm (INIT_CWD), not the package folder pnpm runs in.
    expect(copyArguments(args, { INIT_CWD: '/user' }, '/repo/apps/gateway')).toEqual(expected)
  })

  test('without INIT_CWD a relative file is taken from the working directory', () => {
    expect(copyArguments(['--from', 'a.db', '--to', 'postgres://h/d'], {}, '/here')?.from).toBe('/here/a.db')
  })

  test('wrong arguments: the usage line and exit status 1, nothing else', () => {
    const errors: string[] = []
    const status = runCopyCommand({
      args: ['--from'],
      env: {},
      cwd: '/',
      log: () => {},
      error: (l) => errors.push(l),
    })
    expect([status, errors]).toEqual([
      1,
      [expect.stringMatching(/^usage: pnpm --filter @xdance\/gateway db:copy --from/)],
    ])
  })
})

test('tables are copied parents first, whatever their names', () => {
  const order = parentsFirst([
    { name: 'bookings', parents: ['classes', 'members'] },
    { name: 'classes', parents: ['orgs'] },
    { name: 'members', parents: ['customers'] },
    { name: 'customers', parents: [] },
    { name: 'orgs', parents: [] },
  ]).map((table) => table.name)
  expect(order).toEqual(['orgs', 'classes', 'customers', 'members', 'bookings'])
})

describe.skipIf(!TEST_POSTGRES)('db:copy into PostgreSQL', () => {
  const file = join(folder, 'studio.db')
  /** The rows a plain count finds on each side: not the copy's own bookkeeping. */
  const counts = (url: string) => {
    const source = new DatabaseSync(file, { readOnly: true })
    const target = connectPostgres(url)
    try {
      const names = (
        source
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
          .all() as { name: string }[]
      ).map((row) => row.name)
      return names.map((name) => ({
        name,
        sqlite: (source.prepare(`SELECT COUNT(*) AS n FROM ${name}`).get() as { n: number }).n,
        postgres: Number(target.query(`SELECT COUNT(*) AS n FROM ${name}`).rows[0]?.n),
      }))
    } finally {
      source.close()
      target.close()
    }
  }

  test('a studio with bookings moves over whole: same rows, same checksums, and a gateway on it answers the same', async () => {
    // The demo studio, a customer signed in who booked a class, and a table big enough to show progress.
    const seeding = await startTestGateway({ db: file })
    const auth = await seeding.signIn(DEMO_PHONE)
    const week = await seeding.call<{
      list: { id: number; status: string; myBookingId: number | null; ages: unknown }[]
    }>('GET', '/classes', { auth })
    const open = week.body.data.list.filter((c) => c.status === 'open' && !c.myBookingId && !c.ages)
    const booked = await seeding.call('POST', '/bookings', { auth, body: { classId: open[0]?.id } })
    expect(booked.body.code).toBe(200)
    await seeding.close()
    const marks = 2 * PROGRESS_EVERY + 500
    const raw = new DatabaseSync(file)
    raw.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${marks})
      INSERT INTO trace_marks (body, has_authorization, received_at) SELECT 'mark ' || i, i % 2, 1748829600000 + i FROM n`)
    raw.close()

    const url = testDatabase()
    const lines: string[] = []
    const results = copyDatabase({ from: file, to: url, log: (line) => lines.push(line) })

    const tables = counts(url)
    expect(results.map((r) => r.table).sort()).toEqual(tables.map((t) => t.name).sort())
    for (const t of tables)
      expect({ table: t.name, rows: t.postgres }).toEqual({ table: t.name, rows: t.sqlite })
    for (const r of results) {
      expect(r).toMatchObject({ sourceRows: r.targetRows, sourceChecksum: r.targetChecksum, matched: true })
      expect(r.sourceChecksum).toMatch(/^[0-9a-f]{12}$/)
    }
    const rowsOf = (name: string) => results.find((r) => r.table === name)?.targetRows
    expect([rowsOf('bookings'), rowsOf('sessions'), rowsOf('trace_marks')]).toEqual([
      expect.any(Number),
      1,
      marks,
    ])
    expect(rowsOf('bookings')).toBeGreaterThan(0)
    expect(lines).toContain(`trace_marks: ${PROGRESS_EVERY} of ${marks} rows`)
    expect(lines).toContain(`trace_marks: ${2 * PROGRESS_EVERY} of ${marks} rows`)
    // Parents before children: a booking's class is already there when the booking goes in.
    const position = (name: string) => results.findIndex((r) => r.table === name)
    expect(position('classes')).toBeLessThan(position('bookings'))
    expect(position('members')).toBeLessThan(position('bookings'))

    expect(refusal(() => copyDatabase({ from: file, to: url }))).toMatchObject({
      code: 'DB_COPY_TARGET_NOT_EMPTY',
      message: expect.stringContaining('already holds gateway rows (orgs'),
    })

    const gateways: TestGateway[] = []
    try {
      const onSqlite = await startTestGateway({ db: file })
      gateways.push(onSqlite)
      const onPostgres = await startTestGateway({ db: url })
      gateways.push(onPostgres)
      const both = async (method: string, path: string, body?: unknown) => {
        const init = body === undefined ? { auth } : { auth, body }
        const [a, b] = await Promise.all([
          onSqlite.call(method, path, init),
          onPostgres.call(method, path, init),
        ])
        expect(b.body).toEqual(a.body)
        return a.body
      }
      // The session signed in on SQLite is valid on the copy: the same customer, the same bookings.
      expect((await both('GET', '/classes')).code).toBe(200)
      expect((await both('GET', '/bookings')).code).toBe(200)
      // A new booking is numbered after the copied ones (the identities moved past the largest id), as on SQLite.
      expect((await both('POST', '/bookings', { classId: open[1]?.id })).code).toBe(200)
      await both('GET', '/bookings')
    } finally {
      await Promise.all(gateways.map((gateway) => gateway.close()))
    }
  })

  test('a row PostgreSQL refuses (a foreign key SQLite did not enforce): the copy fails whole, nothing is written', async () => {
    const broken = join(folder, 'broken.db')
    await (await startTestGateway({ db: broken })).close()
    const raw = new DatabaseSync(broken)
    // node:sqlite enforces foreign keys by default; a file written by another tool may not have.
    raw.exec('PRAGMA foreign_keys = OFF')
    raw.exec('INSERT INTO follows (customer_id, teacher_id, created_at) VALUES (1, 999, 0)')
    raw.close()
    const url = testDatabase()
    expect(refusal(() => copyDatabase({ from: broken, to: url }))).toMatchObject({
      code: 'DB_COPY_FAILED',
      message: expect.stringMatching(/^the copy failed and nothing was written \(.*foreign key/),
    })
    const target = connectPostgres(url)
    try {
      expect(
        target.query('SELECT (SELECT COUNT(*) FROM orgs) + (SELECT COUNT(*) FROM classes) AS n').rows,
      ).toEqual([{ n: 0 }])
    } finally {
      target.close()
    }
  })
})
