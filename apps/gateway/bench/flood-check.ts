// A bounded flood of the two public sinks on 127.0.0.1, run by `pnpm --filter @xdance/gateway flood` after a build.
// It starts the built gateway as a child process (demo data, a database file in a temporary folder), floods visit
// reports (beacons as large as can arrive) and trace marks (every field at its maximum) with
// autocannon for 10 s each at once, samples GET /healthz meanwhile, then stops the gateway and prints the database
// size before and after and the /healthz latency. Everything stops by itself (the child is killed after 60 s at the
// latest); nothing leaves loopback. Not part of `test`, not part of the build (Node runs this file as TypeScript).
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const SECONDS = 10
const CONNECTIONS = 10
const HEALTH_EVERY_MS = 20
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url))

const folder = mkdtempSync(join(tmpdir(), 'xdance-flood-'))
const dbFile = join(folder, 'gateway.db')
const size = () =>
  ['', '-wal', '-shm'].reduce((sum, suffix) => {
    try {
      return sum + statSync(`${dbFile}${suffix}`).size
    } catch {
      return sum
    }
  }, 0)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`

function startChild(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', GATEWAY_DB: dbFile, GATEWAY_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  killer.unref()
  child.on('exit', () => clearTimeout(killer))
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = out.match(/xdance gateway on (http:\/\/\S+?)\/ /)
      if (match?.[1]) resolve({ child, url: match[1] })
    })
    child.on('exit', (code) => reject(new Error(`the gateway exited with ${code} before listening`)))
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.on('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

const long = (char: string, length: number) => char.repeat(length)
// Node refuses request heads over 16 KB, so the worst report that can arrive is a beacon with about 12 KB of query
// and a body just under the 64 KB limit.
const report = new URLSearchParams(
  Object.fromEntries(['url', 'uuid', 'sharer'].map((field) => [field, long('r', 4000)])),
)
const beaconBody = long('b', 60 * 1024)
const mark = JSON.stringify({
  ...Object.fromEntries(
    ['deviceId', 'endpoint', 'openId', 'path', 'traceType', 'url', 'userId', 'orgId'].map((field) => [
      field,
      long('m', 4096),
    ]),
  ),
  extra: long('e', 2048),
})

const { child, url } = await startChild()
try {
  const before = size()
  const api = `${url}/dance-gateway`
  const latencies: number[] = []
  let flooding = true
  const sampler = (async () => {
    while (flooding) {
      const started = performance.now()
      const res = await fetch(`${url}/healthz`)
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`/healthz answered ${res.status} during the flood`)
      latencies.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS))
    }
  })()
  const [reports, marks] = await Promise.all([
    autocannon({
      url: `${api}/report/behavior/report?${report}`,
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: beaconBody,
      connections: CONNECTIONS,
      duration: SECONDS,
    }),
    autocannon({
      url: `${api}/elephant/boss/trace/mark`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: mark,
      connections: CONNECTIONS,
      duration: SECONDS,
    }),
  ])
  flooding = false
  await sampler
  const kept = (await (await fetch(`${api}/__dev/reports?limit=5000`)).json()) as unknown[]
  const keptMarks = (await (await fetch(`${api}/__dev/traces?limit=5000`)).json()) as unknown[]
  await stopChild(child)
  const after = size()
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1)
  console.log(`flood check: ${SECONDS} s, ${CONNECTIONS} connections per sink, Node ${process.version}`)
  console.log(
    `visit reports: ${reports.requests.total} sent (${Math.round(reports.requests.average)}/s), ${kept.length} stored`,
  )
  console.log(
    `trace marks:   ${marks.requests.total} sent (${Math.round(marks.requests.average)}/s), ${keptMarks.length} stored`,
  )
  console.log(`database: ${mb(before)} before, ${mb(after)} after`)
  console.log(`/healthz during the flood: ${latencies.length} samples, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`)
  if (reports.errors > 0 || marks.errors > 0 || reports.non2xx > 0 || marks.requests.total === 0) {
    process.exitCode = 1
  }
} finally {
  await stopChild(child)
  rmSync(folder, { recursive: true, force: true })
}
