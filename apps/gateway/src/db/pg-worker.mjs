// The PostgreSQL connection of one gateway process, in a worker thread. The gateway's services are synchronous (they
// were written for node:sqlite, and a booking's reads and writes run without yielding, which is what keeps it
// consistent inside one process): the main thread posts a statement here and sleeps on `Atomics.wait` until the
// answer is on the reply port (see postgres.ts). One connection, one statement at a time, in order.
import { parentPort, workerData } from 'node:worker_threads'
import pg from 'pg'

const { url, signal, replies } = workerData
const flag = new Int32Array(signal)

// Numbers come back as numbers, as node:sqlite gives them: BIGINT (counts, epoch milliseconds) and NUMERIC (sums)
// are safe integers here, and a boolean expression is 1 or 0 like SQLite's.
const types = {
  getTypeParser(oid, format) {
    if (oid === 20 || oid === 1700) return (value) => Number(value)
    if (oid === 16) return (value) => (value === 't' ? 1 : 0)
    return pg.types.getTypeParser(oid, format)
  },
}

/** @type {import('pg').Client | undefined} */
let client

async function connection() {
  if (client) return client
  const fresh = new pg.Client({ connectionString: url, types, application_name: 'xdance-gateway' })
  // A connection the server dropped (a restart, a kill) is replaced on the next statement.
  fresh.on('error', () => {
    if (client === fresh) client = undefined
  })
  await fresh.connect()
  client = fresh
  return fresh
}

function answer(reply) {
  replies.postMessage(reply)
  Atomics.store(flag, 0, 1)
  Atomics.notify(flag, 0)
}

const describe = (error) => ({
  message: error instanceof Error ? error.message : String(error),
  code: typeof error?.code === 'string' ? error.code : undefined,
  detail: typeof error?.detail === 'string' ? error.detail : undefined,
})

parentPort.on('message', async (request) => {
  if (request.op === 'close') {
    const open = client
    client = undefined
    await open?.end().catch(() => {})
    answer({ id: request.id, ok: true, rows: [], changes: 0 })
    return
  }
  try {
    const db = await connection()
    if (request.op === 'exec') {
      await db.query(request.sql)
      answer({ id: request.id, ok: true, rows: [], changes: 0 })
      return
    }
    const result = await db.query({ text: request.sql, values: request.params })
    answer({ id: request.id, ok: true, rows: result.rows, changes: result.rowCount ?? 0 })
  } catch (error) {
    // Not a server's SQLSTATE (five characters) but a socket's failure: the next statement connects afresh.
    if (!/^[0-9A-Z]{5}$/.test(String(error?.code)) && client) {
      const broken = client
      client = undefined
      broken.end().catch(() => {})
    }
    answer({ id: request.id, ok: false, error: describe(error) })
  }
})
