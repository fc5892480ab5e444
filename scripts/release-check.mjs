#!/usr/bin/env node
// The release as maintainers run it, end to end, on a throwaway copy (issue 22): a real local registry (Verdaccio),
// `changeset version` then `changeset publish` to it, and five projects outside the workspace that install the
// published packages and use them: Vite + React Router, Vite + Vue Router, a framework-free Vite page, plain
// TypeScript with `moduleResolution: node16`, and a CommonJS Node script. Each browser app is built, opened in
// headless Chromium and clicked through; its visit reports must reach a loopback collector.
//
//   node scripts/release-check.mjs          (npm run release:check; CI runs it as a step of scripts/test-all.sh)
//
// Nothing outside the temporary folder changes: the copy is a clone of HEAD, the registry's storage and every
// consumer live under os.tmpdir(), and every server and process it starts is stopped, on failure too. It stops by
// itself after RELEASE_CHECK_DEADLINE_MS (15 minutes by default). Exit status 0 when everything held.
import { execFile, spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { changelogProblems, parseChangeset, summariesByPackage } from './release-check/changesets.mjs'
import {
  consumerManifest,
  leakedRanges,
  missingExportTargets,
  readCatalog,
} from './release-check/manifests.mjs'
import { verdaccioConfig } from './release-check/verdaccio-config.mjs'

const run = promisify(execFile)
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const DEADLINE_MS = Number(process.env.RELEASE_CHECK_DEADLINE_MS ?? 15 * 60_000)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const started = Date.now()
const work = mkdtempSync(join(tmpdir(), 'xdance-release-'))
/** What to stop at the end, newest first. */
const cleanups = []
const rows = []

const say = (text) =>
  console.log(`[release-check ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`)

/** Runs a command to its end; throws with its output when it fails. */
async function sh(command, args, options = {}) {
  try {
    const { stdout } = await run(command, args, {
      maxBuffer: 64 * 1024 * 1024,
      timeout: Math.max(1000, DEADLINE_MS - (Date.now() - started)),
      ...options,
      env: { ...process.env, CI: 'true', FORCE_COLOR: '0', ...options.env },
    })
    return stdout
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n')
    throw new Error(
      `${command} ${args.join(' ')} failed (in ${options.cwd ?? root}):\n${output || error.message}`,
    )
  }
}

/** Polls `check` every 50 ms until it gives a value, or throws `what` after `ms`. */
async function until(what, check, ms = 30_000) {
  const end = Date.now() + ms
  for (;;) {
    const value = await check().catch(() => undefined)
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/** Starts Verdaccio on a free loopback port; answers its URL once it answers pings. */
async function startRegistry() {
  const port = await freePort()
  const dir = join(work, 'registry')
  mkdirSync(dir, { recursive: true })
  const uplink = (await sh('npm', ['config', 'get', 'registry'])).trim()
  const config = verdaccioConfig({ storage: join(dir, 'storage'), htpasswd: join(dir, 'htpasswd'), uplink })
  // JSON is YAML: Verdaccio reads it as its configuration file.
  writeFileSync(join(dir, 'config.yaml'), JSON.stringify(config, null, 2))
  const bin = join(root, 'node_modules', 'verdaccio', 'bin', 'verdaccio')
  const child = spawn(
    process.execPath,
    [bin, '--config', join(dir, 'config.yaml'), '--listen', `127.0.0.1:${port}`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let log = ''
  child.stdout.on('data', (chunk) => (log = (log + chunk).slice(-4000)))
  child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)))
  cleanups.unshift(() => child.kill('SIGTERM'))
  const url = `http://127.0.0.1:${port}/`
  await until('Verdaccio to answer', async () => (await fetch(`${url}-/ping`)).ok).catch((error) => {
    throw new Error(`${error.message}\n${log}`)
  })
  // The one publishing user (max_users: 1); its token goes into the copy's .npmrc.
  const answer = await fetch(`${url}-/user/org.couchdb.user:release-check`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release-check', password: 'release-check-password' }),
  })
  const { token } = await answer.json()
  if (!token) throw new Error(`Verdaccio gave no token (HTTP ${answer.status})`)
  return { url, token, npmrc: `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n` }
}

/** A collector of visit reports and a static server of one built app, on one loopback origin. */
async function serveApp(dist) {
  const reports = []
  const types = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://app')
    if (url.pathname.startsWith('/dance-gateway/report/behavior/report')) {
      reports.push(Object.fromEntries(url.searchParams))
      res.writeHead(204).end()
      return
    }
    if (url.pathname.startsWith('/dance-gateway/')) {
      // Trace marks and anything else the tracker may send: an empty success envelope.
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"code":200,"data":null,"msg":"","tips":""}')
      return
    }
    const file = join(dist, url.pathname)
    const path = url.pathname !== '/' && existsSync(file) && extname(file) ? file : join(dist, 'index.html')
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' })
    res.end(readFileSync(path))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.unshift(() => server.close())
  return { origin: `http://127.0.0.1:${server.address().port}`, reports, close: () => server.close() }
}

/** A loopback gateway for the CommonJS script: GET /ping answers, GET /refused refuses. */
async function servePing() {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://gateway')
    res.writeHead(200, { 'content-type': 'application/json' })
    if (url.pathname.endsWith('/ping'))
      res.end(
        JSON.stringify({
          code: 200,
          data: { pong: true, from: url.searchParams.get('from') },
          msg: '',
          tips: '',
        }),
      )
    else res.end(JSON.stringify({ code: 40001, data: null, msg: 'refused', tips: '' }))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.unshift(() => server.close())
  return `http://127.0.0.1:${server.address().port}/dance-gateway`
}

let browser
async function chromium() {
  if (browser) return browser
  // playwright-core is the testkit's dependency (pnpm links it there, not at the root).
  const path = createRequire(join(root, 'tools', 'testkit', 'package.json')).resolve('playwright-core')
  const playwright = await import(path)
  const launcher = playwright.chromium ?? playwright.default.chromium
  browser = await launcher.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  cleanups.unshift(() => browser.close())
  return browser
}

/** Opens the built app, clicks "next" twice (/ -> /go -> /courses/7) and closes the page: two visits must arrive. */
async function clickThrough(dist) {
  const app = await serveApp(dist)
  const context = await (await chromium()).newContext()
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${app.origin}/`)
  for (const [title, next] of [
    ['Classes', '/go'],
    ['Redirecting', '/courses/7'],
  ]) {
    await page.getByRole('heading', { name: title }).waitFor({ timeout: 15_000 })
    await page.getByRole('link', { name: 'next' }).click()
    await page.waitForURL(`${app.origin}${next}`, { timeout: 15_000 })
  }
  await page.getByRole('heading', { name: 'Course 7' }).waitFor({ timeout: 15_000 })
  await page.close({ runBeforeUnload: true })
  await context.close()
  const paths = await until('two visit reports', async () =>
    app.reports.length >= 2
      ? app.reports.map((report) => new URL(report.url, app.origin).pathname)
      : undefined,
  )
  app.close()
  if (errors.length) throw new Error(`the page threw: ${errors.join('; ')}`)
  if (JSON.stringify(paths) !== JSON.stringify(['/', '/courses/7']))
    throw new Error(`visits reported: ${JSON.stringify(paths)}; expected ["/","/courses/7"]`)
  return paths
}

/** The gzipped size of the built app's JavaScript (what the consumer ships, the binding inside). */
function jsSize(dist) {
  const files = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'))
  return files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, 'assets', file)), { level: 9 }).length,
    0,
  )
}

/** Where the consumers' trackers report: the collector of `serveApp`. */
const VITE_REPORT_URL = '/dance-gateway/report/behavior/report'

const CONSUMERS = {
  'react-router': async (dir) => {
    await sh('npm', ['run', 'build'], { cwd: dir, env: { VITE_REPORT_URL } })
    const visits = await clickThrough(join(dir, 'dist'))
    return `visits ${visits.join(', ')}; app JS ${jsSize(join(dir, 'dist'))} B gzip`
  },
  'vue-router': async (dir) => {
    await sh('npm', ['run', 'build'], { cwd: dir, env: { VITE_REPORT_URL } })
    const visits = await clickThrough(join(dir, 'dist'))
    return `visits ${visits.join(', ')}; app JS ${jsSize(join(dir, 'dist'))} B gzip`
  },
  history: async (dir) => {
    await sh('npm', ['run', 'build'], { cwd: dir, env: { VITE_REPORT_URL } })
    const visits = await clickThrough(join(dir, 'dist'))
    return `visits ${visits.join(', ')}; app JS ${jsSize(join(dir, 'dist'))} B gzip`
  },
  'typescript-node16': async (dir) => {
    await sh('npm', ['run', 'typecheck'], { cwd: dir })
    return 'tsc --noEmit (node16 resolution, skipLibCheck off): no error'
  },
  commonjs: async (dir) => {
    const out = await sh(process.execPath, ['index.cjs', await servePing()], { cwd: dir })
    return `node index.cjs: ${out.trim().split('\n').at(-1)}`
  },
}

async function main() {
  say(`working in ${work}`)
  // 1. The throwaway copy: HEAD, installed from the lockfile, packages built.
  const copy = join(work, 'repo')
  await sh('git', ['clone', '--quiet', '--no-hardlinks', root, copy])
  say('installing the copy (pnpm, frozen lockfile)')
  await sh('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: copy })
  say('building the packages')
  await sh('pnpm', ['--filter', './packages/*', 'build'], { cwd: copy })

  // 2. The registry, and the copy pointed at it.
  const registry = await startRegistry()
  say(`Verdaccio at ${registry.url}`)
  writeFileSync(join(copy, '.npmrc'), `${readFileSafe(join(copy, '.npmrc'))}\n${registry.npmrc}`)

  // 3. changeset version, its changelogs checked against the changesets it consumed.
  const pending = readdirSync(join(copy, '.changeset'))
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .map((file) => parseChangeset(readFileSync(join(copy, '.changeset', file), 'utf8')))
  if (pending.length === 0) throw new Error('no pending changeset: nothing to release')
  say(`changeset version (${pending.length} changesets)`)
  await sh('pnpm', ['exec', 'changeset', 'version'], { cwd: copy })
  const packages = readdirSync(join(copy, 'packages')).map((name) => {
    const dir = join(copy, 'packages', name)
    return { dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }
  })
  const problems = []
  for (const [name, summaries] of summariesByPackage(pending)) {
    const pkg = packages.find((candidate) => candidate.manifest.name === name)
    if (!pkg) continue
    const changelog = readFileSafe(join(pkg.dir, 'CHANGELOG.md')) || undefined
    problems.push(
      ...changelogProblems(changelog, pkg.manifest.version, summaries).map((p) => `${name}: ${p}`),
    )
  }
  if (problems.length)
    throw new Error(`changelogs do not say what the changesets said:\n${problems.join('\n')}`)

  // 4. changeset publish to the registry; what it published is checked from the registry itself.
  say('changeset publish')
  await sh('pnpm', ['exec', 'changeset', 'publish'], {
    cwd: copy,
    env: { npm_config_registry: registry.url },
  })
  const published = {}
  const tarballs = join(work, 'tarballs')
  mkdirSync(tarballs, { recursive: true })
  for (const { manifest } of packages.filter((pkg) => !pkg.manifest.private)) {
    const spec = `${manifest.name}@${manifest.version}`
    const view = JSON.parse(await sh('npm', ['view', spec, '--json', '--registry', registry.url]))
    const file = (await sh('npm', ['pack', spec, '--registry', registry.url], { cwd: tarballs }))
      .trim()
      .split('\n')
      .at(-1)
    const files = (await sh('tar', ['-tzf', join(tarballs, file)])).split('\n').filter(Boolean)
    const wrong = [
      ...leakedRanges(view),
      ...missingExportTargets(
        view,
        files.map((path) => path.replace(/^package\//, '')),
      ),
    ]
    if (wrong.length) throw new Error(`${spec} as published: ${wrong.join('; ')}`)
    published[manifest.name] = manifest.version
    rows.push({ project: spec, seconds: 0, result: `published, ${files.length} files, no workspace range` })
  }
  say(
    `published ${Object.entries(published)
      .map(([name, version]) => `${name}@${version}`)
      .join(', ')}`,
  )

  // 5. The consumers, each in a folder of its own outside any workspace, installed from the registry.
  const catalog = readCatalog(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8'))
  for (const [name, check] of Object.entries(CONSUMERS)) {
    const begun = Date.now()
    const dir = join(work, 'consumers', name)
    cpSync(join(root, 'scripts', 'release-check', 'consumers', name), dir, { recursive: true })
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify(consumerManifest(manifest, { catalog, published }), null, 2),
    )
    writeFileSync(join(dir, '.npmrc'), `registry=${registry.url}\n`)
    say(`${name}: npm install`)
    await sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir })
    say(`${name}: build and use`)
    const result = await check(dir)
    rows.push({ project: `consumer: ${name}`, seconds: (Date.now() - begun) / 1000, result })
  }
}

function readFileSafe(path) {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

async function stopAll() {
  for (const cleanup of cleanups)
    await Promise.resolve()
      .then(cleanup)
      .catch(() => undefined)
  if (!process.env.RELEASE_CHECK_KEEP) rmSync(work, { recursive: true, force: true })
}

const timer = setTimeout(() => {
  console.error(`[release-check] FAILED: over its deadline of ${DEADLINE_MS / 1000} s`)
  void stopAll().then(() => process.exit(1))
}, DEADLINE_MS)

let failure
try {
  await main()
} catch (error) {
  failure = error
}
clearTimeout(timer)
await stopAll()
console.log('\nproject                         | seconds | result')
console.log('--------------------------------|---------|-------')
for (const row of rows)
  console.log(`${row.project.padEnd(31)} | ${row.seconds.toFixed(0).padStart(7)} | ${row.result}`)
if (failure) {
  console.error(
    `\n[release-check] FAILED after ${((Date.now() - started) / 1000).toFixed(0)} s: ${failure.message}`,
  )
  process.exit(1)
}
console.log(
  `\n[release-check] ok in ${((Date.now() - started) / 1000).toFixed(0)} s: published, and ${Object.keys(CONSUMERS).length} consumer projects installed and ran`,
)
