// Per-request overhead of @xdance/http against a bare fetch, in headless Chromium: the engine the package ships to
// (WeChat's browser is Chromium-based). The same contenders as bench/overhead.mjs (Node), but ofetch resolves to its
// browser build and every call goes through the browser's network stack, as on a phone.
// The page is cross-origin isolated (COOP and COEP), so performance.now() is precise to 5 µs rather than 100 µs.
// Calls are interleaved one by one in rounds, in a fresh random order (fixed seed), as in the Node bench.
// Run after a build: pnpm --filter @xdance/http bench (BENCH_BROWSER_N sets the calls per contender; CHROMIUM_PATH the
// browser, /usr/bin/chromium by default).
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { PAYLOAD, report } from './shared.mjs'

const CALLS = Number(process.env.BENCH_BROWSER_N ?? 3000)
const WARMUP = 200
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(executablePath)) {
  console.error(
    `browser bench: no Chromium at ${executablePath} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
  )
  process.exit(1)
}
const here = dirname(fileURLToPath(import.meta.url))
const dist = join(here, '..', 'dist', 'index.js')
if (!existsSync(dist)) {
  console.error('browser bench: dist/index.js is missing; run `pnpm --filter @xdance/http build` first.')
  process.exit(1)
}

// The page's script: the contenders and the rounds of shared.mjs, bundled for the browser (ofetch's browser build).
const source = `
import { createGatewayClient } from ${JSON.stringify(dist)}
import { contenders, interleave } from './shared.mjs'
window.runBench = async (calls, warmup) => {
  document.cookie = 'xdance-head=Bearer%20; path=/'
  document.cookie = 'xdance-token=abc123; path=/'
  const base = location.origin + '/dance-gateway'
  const samples = await interleave(contenders(base, createGatewayClient({ baseURL: base, mode: 'web' })), calls, warmup)
  return { samples, isolated: crossOriginIsolated, agent: navigator.userAgent }
}
`
const bundled = await build({
  stdin: { contents: source, resolveDir: here, loader: 'js' },
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  logLevel: 'silent',
})
const script = bundled.outputFiles[0].text

const isolation = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
}
const server = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html', ...isolation })
      res.end('<!doctype html><title>bench</title><script src="/bench.js"></script>')
    } else if (req.url === '/bench.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', ...isolation })
      res.end(script)
    } else if (req.url?.startsWith('/dance-gateway/course/7')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(PAYLOAD) })
      res.end(PAYLOAD)
    } else {
      res.writeHead(404)
      res.end()
    }
  })
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${server.address().port}`

const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
let result
try {
  const page = await browser.newPage()
  await page.goto(`${origin}/`)
  console.error(`browser bench: ${CALLS} rounds of 5 contenders in Chromium…`)
  result = await page.evaluate(([calls, warmup]) => window.runBench(calls, warmup), [CALLS, WARMUP])
} finally {
  await browser.close()
  server.close()
}

const { samples, isolated, agent } = result
const version = agent.match(/Chrome\/([\d.]+)/)?.[1] ?? agent
report(
  samples,
  `${CALLS} sequential GETs per contender after ${WARMUP} warm-up, interleaved call by call, loopback, Chromium ${version}${isolated ? '' : ' (not cross-origin isolated: 100 µs timer)'}`,
)
