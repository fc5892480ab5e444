#!/usr/bin/env node
// Throughput of one shared class page (`pnpm bench:shared-page`, and first in `pnpm bench`): a class link posted in
// a big WeChat group is opened by many signed-out visitors at once. The demo gateway and the app's server run on
// this machine; autocannon asks for the page over 50 connections for BENCH_SECONDS (default 10) and prints the
// requests per second and the p99 latency against their targets, and how stale the page's data can be (the
// rendering is kept in memory for PAGE_CACHE_TTL_MS). The exit status is 0 whatever the figures (1 only when the
// benchmark could not run). Build first: `pnpm turbo run build --filter=@xdance/h5...`.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startGateway } from '@xdance/gateway'
import autocannon from 'autocannon'

const APP_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const SERVER = join(APP_ROOT, 'dist-server', 'serve-app.js')
const TARGETS = { requestsPerSecond: 1000, p99Ms: 100 }
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

if (!existsSync(SERVER) || !existsSync(join(APP_ROOT, 'dist', 'index.html'))) {
  console.error(
    'dist/ or dist-server/serve-app.js is missing: build first (`pnpm turbo run build --filter=@xdance/h5...`).',
  )
  process.exit(1)
}
const { serveApp, PAGE_CACHE_TTL_MS } = await import(SERVER)
const gateway = await startGateway({ demo: true, db: ':memory:', trustProxy: true })
const app = await serveApp({ dist: join(APP_ROOT, 'dist'), gatewayOrigin: gateway.url, port: 0 })
try {
  const classes = await (await fetch(`${gateway.apiUrl}/classes`)).json()
  const path = `/classes/${classes.data.list[0].id}`
  const first = await (await fetch(`${app.url}${path}`)).text()
  if (!first.includes('id="xdance-page"')) throw new Error(`${path} was not rendered on the server`)
  const result = await autocannon({ url: `${app.url}${path}`, connections: CONNECTIONS, duration: SECONDS })
  const rps = Math.round(result.requests.average)
  const p99 = result.latency.p99
  const miss = (over) => (over ? '  over budget' : '')
  console.log(
    `shared class page ${path}, ${CONNECTIONS} connections, ${SECONDS} s, ${result.non2xx} non-2xx, ${result.errors} errors:`,
  )
  console.log(
    `  ${rps} req/s (target at least ${TARGETS.requestsPerSecond})${miss(rps < TARGETS.requestsPerSecond)}`,
  )
  console.log(`  p99 ${p99} ms (target under ${TARGETS.p99Ms})${miss(p99 >= TARGETS.p99Ms)}`)
  console.log(
    `  data at most ${PAGE_CACHE_TTL_MS / 1000} s stale (each URL and language rendered once per ${PAGE_CACHE_TTL_MS} ms)`,
  )
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await app.close()
  await gateway.close()
}
