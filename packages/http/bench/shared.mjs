// What both benchmarks share (overhead.mjs in Node, overhead-browser.mjs in Chromium, where this module is bundled
// into the page): the payload, the contenders every run has, the interleaved rounds and the printed table.
import ky from 'ky'
import { ofetch } from 'ofetch'

/** The loopback server's answer to every call. */
export const PAYLOAD = JSON.stringify({
  code: 200,
  data: { id: 7, name: 'Ballet for beginners', seats: 12 },
  msg: '',
  tips: '',
})

/**
 * The contenders of every run, calling `${base}/course/7` with the same Authorization header: a bare fetch, a bare
 * fetch with a per-try time limit, ofetch alone, `client` (an @xdance/http client of `base`) and ky.
 */
export function contenders(base, client) {
  const url = `${base}/course/7`
  const headers = { authorization: 'Bearer abc123' }
  // ofetch as an app would use it alone: an instance with the gateway's base URL, the header and the credentials.
  const ofetchAlone = ofetch.create({ baseURL: base, headers, credentials: 'include', retry: 0 })
  return {
    'bare fetch': async () => (await (await fetch(url, { headers, credentials: 'include' })).json()).data,
    // A reference, not a client: what a per-try time limit costs by itself. @xdance/http gives every try such a
    // window (body included); ofetch alone and axios, as called here, have none, ky has its own (10 s by default).
    'bare fetch + timeout signal': async () => {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), 20_000)
      try {
        return (
          await (await fetch(url, { headers, credentials: 'include', signal: controller.signal })).json()
        ).data
      } finally {
        clearTimeout(timer)
      }
    },
    'ofetch alone': async () => (await ofetchAlone('/course/7')).data,
    '@xdance/http': () => client.get('/course/7'),
    ky: async () => (await ky.get(url, { headers, credentials: 'include', retry: 0 }).json()).data,
  }
}

/**
 * Calls each contender `warmup` times, then `calls` rounds; each round calls every contender once, in a fresh random
 * order (a fixed seed, so runs are alike): a contender never always follows the same one, whose garbage it would
 * otherwise pay for. Returns each contender's call times in ms; throws if one answers anything but the payload's data.
 */
export async function interleave(runs, calls, warmup) {
  const names = Object.keys(runs)
  const samples = Object.fromEntries(names.map((name) => [name, []]))
  const call = async (name) => {
    const data = await runs[name]()
    if (data?.id !== 7) throw new Error(`${name} returned ${JSON.stringify(data)}`)
  }
  for (const name of names) for (let i = 0; i < warmup; i++) await call(name)
  let seed = 22
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  const order = [...names]
  for (let round = 0; round < calls; round++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[order[i], order[j]] = [order[j], order[i]]
    }
    for (const name of order) {
      const start = performance.now()
      await call(name)
      samples[name].push(performance.now() - start)
    }
  }
  return samples
}

/** Prints `title`, then each contender's median and p90 and its median's ratio to bare fetch's and ofetch alone's. */
export function report(samples, title) {
  const sorted = (values) => [...values].sort((a, b) => a - b)
  const median = (values) => sorted(values)[Math.floor(values.length / 2)]
  const p90 = (values) => sorted(values)[Math.floor(values.length * 0.9)]
  const bare = median(samples['bare fetch'])
  const alone = median(samples['ofetch alone'])
  console.log(title)
  console.log('contender                     median µs   p90 µs   / bare fetch   / ofetch alone')
  for (const [name, values] of Object.entries(samples)) {
    const m = median(values)
    console.log(
      `${name.padEnd(28)} ${(m * 1000).toFixed(0).padStart(9)} ${(p90(values) * 1000).toFixed(0).padStart(8)}   ${`${(m / bare).toFixed(2)}x`.padStart(12)}   ${`${(m / alone).toFixed(2)}x`.padStart(14)}`,
    )
  }
}
