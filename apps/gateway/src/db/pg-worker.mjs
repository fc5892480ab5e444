// The PostgreSQL connections of one gateway process, in one worker thread. The gateway's services are synchronous
// (they were written for node:sqlite, and a booking's reads and writes run without yielding, which is what keeps it
// consistent inside one process): the main thread posts a statement here and sleeps on `Atomics.wait` until the
// answer is on the reply port (see postgres.ts). Each connection runs one statement at a time, in order.
import { parentPort, workerData } from 'node:worker_threads'
import pg from 'pg'

const { signal, replies } = workerData
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

/** @type {Map<number, { url: string, application: string, client: import('pg').Client | undefined }>} */
const connections = new Map()

async function clientOf(id) {
  const connection = connections.get(id)
  if (!connection) throw new Error('The database connection is closed.')
  if (connection.client) return connection.client
  // A writer waits for the write lock (another instance's transaction) at most 2 s, then the request is answered
  // 503 with Retry-After; a statement runs at most 20 s, under the main thread's own 30 s wait.
  const fresh = new pg.Client({
    connectionString: connection.url,
    types,
    application_name: connection.application,
    options: '-c lock_timeout=2000 -c statement_timeout=20000',
  })
  // A connection the server dropped (a restart, a kill) is replaced on the next statement.
  fresh.on('error', () => {
    if (connection.client === fresh) connection.client = undefined
  })
  await fresh.connect()
  connection.client = fresh
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
  const done = (rows = [], changes = 0) => answer({ id: request.id, ok: true, rows, changes })
  if (request.op === 'open') {
    connections.set(request.conn, { url: request.url, application: request.application, client: undefined })
    done()
    return
  }
  if (request.op === 'close') {
    const client = connections.get(request.conn)?.client
    connections.delete(request.conn)
    await client?.end().catch(() => {})
    done()
    return
  }
  try {
    const client = await clientOf(request.conn)
    if (request.op === 'exec') {
      await client.query(request.sql)
      done()
      return
    }
    // Named: the server parses and plans a statement once per connection, then only binds it.
    const result = await client.query({ name: request.name, text: request.sql, values: request.params })
    done(result.rows, result.rowCount ?? 0)
  } catch (error) {
    // Not a server's SQLSTATE (five characters) but a socket's failure: the next statement connects afresh.
    const connection = connections.get(request.conn)
    if (!/^[0-9A-Z]{5}$/.test(String(error?.code)) && connection?.client) {
      const broken = connection.client
      connection.client = undefined
      broken.end().catch(() => {})
    }
    answer({ id: request.id, ok: false, error: describe(error) })
  }
})
