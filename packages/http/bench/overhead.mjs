// Per-request overhead of @xdance/http against a bare fetch (and ofetch alone, which it is built on, ky and axios) to
// the same loopback server, all in one run.
// Calls are interleaved one by one in rounds, so a busy machine's ups and downs fall on every contender alike (blocks of
// a few hundred calls each let a contender's median move by 15 % against an identical one; call by call, identical
// contenders agree within about 3 %). Prints each contender's median and p90
// and the ratio of its median to bare fetch's and to ofetch alone's.
// Run after a build: pnpm --filter @xdance/http bench (BENCH_N sets the calls per contender).
import { createServer } from 'node:http'
import { configureBrowser } from '@xdance/session'
import axios from 'axios'
import { createGatewayClient } from '../dist/index.js'
import { contenders, interleave, PAYLOAD, report } from './shared.mjs'

const CALLS = Number(process.env.BENCH_N ?? 5000)
const WARMUP = 300

const server = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(PAYLOAD) })
    res.end(PAYLOAD)
  })
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${server.address().port}/dance-gateway`
const url = `${base}/course/7`

// The client reads the session from these; every contender sends the same Authorization header.
configureBrowser({
  document: { cookie: 'xdance-head=Bearer%20; xdance-token=abc123' },
  localStorage: undefined,
  sessionStorage: undefined,
  location: { href: 'https://h5.test/', protocol: 'https:' },
})
const headers = { authorization: 'Bearer abc123' }
const axiosFetch = axios.create({ adapter: 'fetch' })
const samples = await interleave(
  {
    ...contenders(base, createGatewayClient({ baseURL: base, mode: 'web' })),
    'axios (http adapter)': async () => (await axios.get(url, { headers })).data.data,
    'axios (fetch adapter)': async () => (await axiosFetch.get(url, { headers })).data.data,
  },
  CALLS,
  WARMUP,
)
server.close()
report(
  samples,
  `${CALLS} sequential GETs per contender after ${WARMUP} warm-up, interleaved call by call, loopback, Node ${process.versions.node}`,
)
