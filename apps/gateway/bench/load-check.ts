// A bounded load check on 127.0.0.1, run by `pnpm --filter @xdance/gateway load` after a build: the built gateway
// runs in this process with an in-memory database and demo data, autocannon drives it for a few seconds per target,
// and the figures are printed. Not part of `test`, not part of the build (Node runs this file as TypeScript).
import { addDays, studioDate } from '@xdance/contract'
import { startGateway } from '@xdance/gateway'
import autocannon from 'autocannon'

const SECONDS = 5
const CONNECTIONS = 10

const gateway = await startGateway({ host: '127.0.0.1', port: 0, db: ':memory:', demo: true })
const today = studioDate(Date.now())
const report = new URLSearchParams({
  actionType: 'visit',
  url: 'https://h5.example.com/classes',
  eventTime: String(Date.now()),
  actionDuration: '1234',
  uuid: 'load-check',
  visitProgress: '50',
})
const targets = [
  { name: 'visit report (GET pixel)', url: `${gateway.apiUrl}/report/behavior/report?${report}` },
  {
    name: 'schedule (GET /classes, 7 days)',
    url: `${gateway.apiUrl}/classes?from=${today}&to=${addDays(today, 6)}`,
  },
]
try {
  console.log(`load check: ${SECONDS} s per target, ${CONNECTIONS} connections, Node ${process.version}`)
  for (const target of targets) {
    const result = await autocannon({ url: target.url, connections: CONNECTIONS, duration: SECONDS })
    console.log(
      `${target.name}: ${Math.round(result.requests.average)} requests/s, p99 ${result.latency.p99} ms ` +
        `(p50 ${result.latency.p50} ms, ${result.requests.total} requests, ${result.errors} errors, ${result.non2xx} non-2xx)`,
    )
    if (result.errors > 0 || result.non2xx > 0) process.exitCode = 1
  }
} finally {
  await gateway.close()
}
