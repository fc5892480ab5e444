// Per-request overhead of @xdance/http against a bare fetch (and ofetch alone, which it is built on, ky and axios) to
// the same loopback server.
// Sequential requests, interleaved in rounds so that drift hits every contender alike; prints medians and the ratio
// of each median to bare fetch's. Run after a build: pnpm --filter @xdance/http bench
import { createServer } from 'node:http'
import { configureBrowser } from '@xdance/session'
import axios from 'axios'
import ky from 'ky'
import { ofetch } from 'ofetch'
import { createGatewayClient } from '../dist/index.js'

const ROUNDS = 10
const PER_ROUND = Number(process.env.BENCH_N ?? 2000) / ROUNDS
const WARMUP = 200
const payload = JSON.stringify({
  code: 200,
  data: { id: 7, name: 'Ballet for beginners', seats: 12 },
  msg: '',
  tips: '',
})

const server = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) })
    res.end(payload)
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
const client = createGatewayClient({ baseURL: base, mode: 'web' })
const axiosFetch = axios.create({ adapter: 'fetch' })
// ofetch as an app would use it alone: an instance with the gateway's base URL, the header and the credentials.
const ofetchAlone = ofetch.create({ baseURL: base, headers, credentials: 'include', retry: 0 })

const contenders = {
  'bare fetch': async () => (await (await fetch(url, { headers, credentials: 'include' })).json()).data,
  'ofetch alone': async () => (await ofetchAlone('/course/7')).data,
  '@xdance/http': () => client.get('/course/7'),
  ky: async () => (await ky.get(url, { headers, credentials: 'include', retry: 0 }).json()).data,
  'axios (http adapter)': async () => (await axios.get(url, { headers })).data.data,
  'axios (fetch adapter)': async () => (await axiosFetch.get(url, { headers })).data.data,
}

const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]))
for (const run of Object.values(contenders)) for (let i = 0; i < WARMUP; i++) await run()
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(contenders)) {
    for (let i = 0; i < PER_ROUND; i++) {
      const start = performance.now()
      const data = await run()
      samples[name].push(performance.now() - start)
      if (data?.id !== 7) throw new Error(`${name} returned ${JSON.stringify(data)}`)
    }
  }
}
server.close()

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}
const p90 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]
const baseline = median(samples['bare fetch'])
console.log(
  `${ROUNDS * PER_ROUND} sequential GETs each after ${WARMUP} warm-up, loopback, Node ${process.versions.node}`,
)
console.log('contender               median µs   p90 µs   median / bare fetch')
for (const [name, values] of Object.entries(samples)) {
  const m = median(values)
  console.log(
    `${name.padEnd(22)} ${(m * 1000).toFixed(0).padStart(9)} ${(p90(values) * 1000).toFixed(0).padStart(8)}   ${(m / baseline).toFixed(2)}x`,
  )
}
