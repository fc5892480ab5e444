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
import ky from 'ky'
import { ofetch } from 'ofetch'
import { createGatewayClient } from '../dist/index.js'

const CALLS = Number(process.env.BENCH_N ?? 5000)
const WARMUP = 300
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
  // A reference, not a client: what a per-try time limit costs by itself. @xdance/http gives every try such a window
  // (body included); ofetch alone and axios, as called here, have none, ky has its own (10 s by default).
  'bare fetch + timeout signal': async () => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), 20_000)
    try {
      return (await (await fetch(url, { headers, credentials: 'include', signal: controller.signal })).json())
        .data
    } finally {
      clearTimeout(timer)
    }
  },
  'ofetch alone': async () => (await ofetchAlone('/course/7')).data,
  '@xdance/http': () => client.get('/course/7'),
  ky: async () => (await ky.get(url, { headers, credentials: 'include', retry: 0 }).json()).data,
  'axios (http adapter)': async () => (await axios.get(url, { headers })).data.data,
  'axios (fetch adapter)': async () => (await axiosFetch.get(url, { headers })).data.data,
}

const names = Object.keys(contenders)
const samples = Object.fromEntries(names.map((name) => [name, []]))
const check = (name, data) => {
  if (data?.id !== 7) throw new Error(`${name} returned ${JSON.stringify(data)}`)
}
for (const [name, run] of Object.entries(contenders))
  for (let i = 0; i < WARMUP; i++) check(name, await run())
// Each round calls every contender once, in a fresh random order (a fixed seed, so runs are alike): a contender
// never always follows the same one, whose garbage it would otherwise pay for.
let seed = 22
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}
const order = [...names]
for (let call = 0; call < CALLS; call++) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  for (const name of order) {
    const start = performance.now()
    const data = await contenders[name]()
    samples[name].push(performance.now() - start)
    check(name, data)
  }
}
server.close()

const sorted = (values) => [...values].sort((a, b) => a - b)
const median = (values) => sorted(values)[Math.floor(values.length / 2)]
const p90 = (values) => sorted(values)[Math.floor(values.length * 0.9)]
const bare = median(samples['bare fetch'])
const alone = median(samples['ofetch alone'])
console.log(
  `${CALLS} sequential GETs per contender after ${WARMUP} warm-up, interleaved call by call, loopback, Node ${process.versions.node}`,
)
console.log('contender                     median µs   p90 µs   / bare fetch   / ofetch alone')
for (const name of names) {
  const m = median(samples[name])
  console.log(
    `${name.padEnd(28)} ${(m * 1000).toFixed(0).padStart(9)} ${(p90(samples[name]) * 1000).toFixed(0).padStart(8)}   ${`${(m / bare).toFixed(2)}x`.padStart(12)}   ${`${(m / alone).toFixed(2)}x`.padStart(14)}`,
  )
}
