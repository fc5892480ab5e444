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
import { spawn } from 'node:child_process'
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
import { gzipSync } from 'node:zlib'
import { changelogProblems, parseChangeset, summariesByPackage } from './release-check/changesets.mjs'
import {
  consumerManifest,
  leakedRanges,
  missingExportTargets,
  readCatalog,
} from './release-check/manifests.mjs'
import { bytesBySource, packageOfSource } from './release-check/source-bytes.mjs'
import { verdaccioConfig } from './release-check/verdaccio-config.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const DEADLINE_MS = Number(process.env.RELEASE_CHECK_DEADLINE_MS ?? 15 * 60_000)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// How long a stopped process or browser may take to go before it is killed outright.
const STOP_GRACE_MS = 5_000
const started = Date.now()
const work = mkdtempSync(join(tmpdir(), 'xdance-release-'))
/** What to stop at the end, newest first. */
const cleanups = []
/** Commands running now (npm, pnpm, vite, tsc...), each the leader of its own process group. */
const running = new Set()
const rows = []

const say = (text) =>
  console.log(`[release-check ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`)
const seconds = (since) => (Date.now() - since) / 1000
const remaining = () => Math.max(1000, DEADLINE_MS - (Date.now() - started))

/**
 * Stops a child started with `detached: true` and everything it started (npm runs node, which runs esbuild...):
 * SIGTERM to its process group, SIGKILL if anything of it is still there after STOP_GRACE_MS.
 */
async function stopGroup(child) {
  const signal = (name) => {
    try {
      process.kill(-child.pid, name)
      return true
    } catch {
      return false // ESRCH: the whole group is gone
    }
  }
  if (!signal('SIGTERM')) return
  const end = Date.now() + STOP_GRACE_MS
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    if (!signal(0)) return
  }
  signal('SIGKILL')
}

/**
 * Runs a command to its end and answers its standard output; throws with the end of its output when it fails.
 * The command gets a process group of its own, so the deadline or a signal stops it with whatever it started.
 */
function sh(command, args, options = {}) {
  const where = options.cwd ?? root
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: where,
      env: { ...process.env, CI: 'true', FORCE_COLOR: '0', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    running.add(child)
    let stdout = ''
    let output = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
      output = (output + chunk).slice(-16_000)
    })
    child.stderr.on('data', (chunk) => {
      output = (output + chunk).slice(-16_000)
    })
    const timer = setTimeout(() => void stopGroup(child), remaining())
    const fail = (why) => {
      const tail = output.trim().split('\n').slice(-30).join('\n')
      reject(new Error(`${command} ${args.join(' ')} ${why} (in ${where}):\n${tail}`))
    }
    child.once('error', (error) => {
      running.delete(child)
      clearTimeout(timer)
      fail(`could not start: ${error.message}`)
    })
    child.once('close', (code, signal) => {
      running.delete(child)
      clearTimeout(timer)
      if (code === 0) resolve(stdout)
      else fail(signal ? `was stopped by ${signal}` : `failed with exit code ${code}`)
    })
  })
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
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  )
  let log = ''
  child.stdout.on('data', (chunk) => (log = (log + chunk).slice(-4000)))
  child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)))
  cleanups.unshift(() => stopGroup(child))
  const url = `http://127.0.0.1:${port}/`
  // A registry that exited (a bad configuration, the port taken meanwhile) will never answer: stop waiting then.
  const state = await until('Verdaccio to answer', async () => {
    if (child.exitCode !== null) return 'exited'
    return (await fetch(`${url}-/ping`, { signal: AbortSignal.timeout(2000) })).ok && 'up'
  }).catch((error) => {
    throw new Error(`${error.message}\n${log}`)
  })
  if (state === 'exited') throw new Error(`Verdaccio exited with code ${child.exitCode}:\n${log}`)
  // The one publishing user (max_users: 1); its token goes into the copy's .npmrc.
  const answer = await fetch(`${url}-/user/org.couchdb.user:release-check`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release-check', password: 'release-check-password' }),
    signal: AbortSignal.timeout(30_000),
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
  const close = () => {
    server.close()
    server.closeAllConnections()
  }
  cleanups.unshift(close)
  return { origin: `http://127.0.0.1:${server.address().port}`, reports, close }
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
  cleanups.unshift(() => {
    server.close()
    server.closeAllConnections()
  })
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
  // A browser that does not close in time is killed with the process that launched it (Playwright's exit handler).
  cleanups.unshift(() =>
    Promise.race([browser.close(), new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]),
  )
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

/**
 * What the built app ships: its JavaScript gzipped (level 9), and the minified characters each @xdance package
 * put into it, read from the build's source maps (the binding and the core it imports).
 */
function appSize(dist) {
  const assets = join(dist, 'assets')
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'))
  let gzip = 0
  const ours = new Map()
  for (const file of files) {
    const code = readFileSync(join(assets, file), 'utf8')
    gzip += gzipSync(code, { level: 9 }).length
    const mapFile = join(assets, `${file}.map`)
    if (!existsSync(mapFile)) throw new Error(`${file} has no source map: was it built with --sourcemap?`)
    for (const [source, count] of bytesBySource(JSON.parse(readFileSync(mapFile, 'utf8')), code)) {
      const name = packageOfSource(source)
      if (name?.startsWith('@xdance/')) ours.set(name, (ours.get(name) ?? 0) + count)
    }
  }
  return { gzip, ours }
}

const formatBytes = (count) => count.toLocaleString('en-US')

/** Where the consumers' trackers report: the collector of `serveApp`. */
const VITE_REPORT_URL = '/dance-gateway/report/behavior/report'

/**
 * A browser app: `vite build` with hidden source maps (no reference to them in the shipped files, so the gzip
 * figure is the app's own), then the click-through in Chromium.
 */
const browserApp = {
  build: (dir) =>
    sh('npm', ['run', 'build', '--', '--sourcemap', 'hidden'], { cwd: dir, env: { VITE_REPORT_URL } }),
  use: async (dir) => {
    const visits = await clickThrough(join(dir, 'dist'))
    const { gzip, ours } = appSize(join(dir, 'dist'))
    const total = [...ours.values()].reduce((sum, count) => sum + count, 0)
    const parts = [...ours].map(([name, count]) => `${name.replace('@xdance/', '')} ${formatBytes(count)}`)
    return {
      result: `visits ${visits.join(', ')} reported`,
      size: `${formatBytes(gzip)} B gzip; @xdance ${formatBytes(total)} B min (${parts.join(', ')})`,
    }
  },
}

/** The consumer projects (folders of scripts/release-check/consumers): how each is built and then used. */
const CONSUMERS = {
  'react-router': browserApp,
  'vue-router': browserApp,
  history: browserApp,
  'typescript-node16': {
    build: (dir) => sh('npm', ['run', 'typecheck'], { cwd: dir }),
    use: async () => ({ result: 'tsc --noEmit (node16 resolution, skipLibCheck off): no error' }),
  },
  commonjs: {
    use: async (dir) => {
      const out = await sh(process.execPath, ['index.cjs', await servePing()], { cwd: dir })
      // The script asserts for itself and exits non-zero on a failed assertion; its last line is what it saw.
      const seen = JSON.parse(out.trim().split('\n').at(-1))
      return {
        result: `node ${seen.node} index.cjs: require() and import() of all five, ping ${seen.pong.pong ? 'answered' : 'not answered'}, refusal ${seen.refusedCode} a GatewayError`,
      }
    },
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
    rows.push({
      project: spec,
      result: `published: ${files.length} files, no workspace range, exports all there`,
    })
  }
  say(
    `published ${Object.entries(published)
      .map(([name, version]) => `${name}@${version}`)
      .join(', ')}`,
  )

  // 5. The consumers, each in a folder of its own outside any workspace, installed from the registry. One that
  // fails is reported and the others still run, so one run shows every consumer's state.
  const catalog = readCatalog(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8'))
  const failed = []
  for (const [name, consumer] of Object.entries(CONSUMERS)) {
    const row = { project: `consumer: ${name}` }
    rows.push(row)
    try {
      const dir = join(work, 'consumers', name)
      cpSync(join(root, 'scripts', 'release-check', 'consumers', name), dir, { recursive: true })
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify(consumerManifest(manifest, { catalog, published }), null, 2),
      )
      writeFileSync(join(dir, '.npmrc'), `registry=${registry.url}\n`)
      say(`${name}: npm install`)
      let begun = Date.now()
      await sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir })
      row.install = seconds(begun)
      if (consumer.build) {
        say(`${name}: build`)
        begun = Date.now()
        await consumer.build(dir)
        row.build = seconds(begun)
      }
      say(`${name}: use`)
      begun = Date.now()
      Object.assign(row, await consumer.use(dir))
      row.use = seconds(begun)
    } catch (error) {
      row.result = `FAILED: ${error.message.split('\n')[0]}`
      failed.push(`${name}: ${error.message}`)
      say(`${name} failed`)
    }
  }
  if (failed.length)
    throw new Error(
      `${failed.length} of ${Object.keys(CONSUMERS).length} consumer projects failed:\n${failed.join('\n\n')}`,
    )
}

function readFileSafe(path) {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

function printTable() {
  const columns = [
    ['project', (row) => row.project],
    ['install s', (row) => row.install?.toFixed(1) ?? ''],
    ['build s', (row) => row.build?.toFixed(1) ?? ''],
    ['use s', (row) => row.use?.toFixed(1) ?? ''],
    ['result', (row) => row.result ?? 'not finished'],
    ['built JS', (row) => row.size ?? ''],
  ]
  const cells = [columns.map(([title]) => title), ...rows.map((row) => columns.map(([, cell]) => cell(row)))]
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index].length)))
  const line = (values) =>
    values
      .map((value, index) =>
        index === 0 || index >= 4 ? value.padEnd(widths[index]) : value.padStart(widths[index]),
      )
      .join(' | ')
      .trimEnd()
  console.log(`\n${line(cells[0])}`)
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'))
  for (const values of cells.slice(1)) console.log(line(values))
}

/** Stops every command, server, browser and registry still running, then removes the temporary folder. */
async function stopAll() {
  await Promise.all([...running].map(stopGroup))
  for (const cleanup of cleanups)
    await Promise.resolve()
      .then(cleanup)
      .catch(() => undefined)
  if (!process.env.RELEASE_CHECK_KEEP) rmSync(work, { recursive: true, force: true })
  else say(`kept ${work} (RELEASE_CHECK_KEEP)`)
}

let finishing
/** The one way out: stop everything, print the table and the verdict, exit. Later calls wait for the first. */
function finish(failure) {
  finishing ??= (async () => {
    clearTimeout(deadline)
    await stopAll()
    printTable()
    const total = ((Date.now() - started) / 1000).toFixed(0)
    if (failure) {
      console.error(`\n[release-check] FAILED after ${total} s: ${failure.message}`)
      process.exit(1)
    }
    console.log(
      `\n[release-check] ok in ${total} s: published, and ${Object.keys(CONSUMERS).length} consumer projects installed and used`,
    )
    process.exit(0)
  })()
  return finishing
}

const deadline = setTimeout(
  () => void finish(new Error(`over its deadline of ${DEADLINE_MS / 1000} s (RELEASE_CHECK_DEADLINE_MS)`)),
  DEADLINE_MS,
)
// The commands run in process groups of their own, which a Ctrl-C or a CI job's stop does not reach: stop them here.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.once(signal, () => void finish(new Error(`stopped by ${signal}`)))

await main().then(
  () => finish(),
  (error) => finish(error),
)
