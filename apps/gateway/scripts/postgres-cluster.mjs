#!/usr/bin/env node
// A throwaway PostgreSQL cluster for tests and benchmarks: `initdb` in a temporary folder, `pg_ctl start` on a free
// port of 127.0.0.1 (no socket outside the folder, trust auth for the one local user), stopped and removed when the
// command it runs ends, and on Ctrl-C or SIGTERM too. initdb refuses to run as root: as root the cluster runs as the
// `postgres` system user (Debian's package creates it).
//
//   node scripts/postgres-cluster.mjs -- vitest run        runs the command with XDANCE_TEST_POSTGRES set
//   node scripts/postgres-cluster.mjs --available          exit 0 when PostgreSQL's server is installed
//
// Without PostgreSQL's server binaries the command is not run: one line says why, and the exit status is 0 on a
// developer machine, 1 under CI=true (CI installs Debian's `postgresql`; a missing server there is a failure).
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder of PostgreSQL's server programs (initdb, pg_ctl), or undefined when the server is not installed. */
export function findServerBin() {
  const candidates = []
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim())
  } catch {
    // pg_config comes with the server on Debian, but look in its usual place too.
  }
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort().reverse()) {
      candidates.push(join('/usr/lib/postgresql', version, 'bin'))
    }
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')))
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts a cluster and answers its superuser URL (database `postgres`) and `stop()`, which stops it and removes its
 * folder (synchronous, so an exit handler can call it).
 *
 * @example
 * const cluster = await startCluster()
 * process.env.GATEWAY_DB = cluster.url.replace(/\/postgres$/, '/xdance')
 * cluster.stop()
 */
export async function startCluster({ log = () => {} } = {}) {
  const bin = findServerBin()
  if (!bin)
    throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found: apt-get install postgresql')
  const asRoot = process.getuid?.() === 0
  const folder = mkdtempSync(join(tmpdir(), 'xdance-pg-'))
  const data = join(folder, 'data')
  // The postgres user must reach the folder it owns; mkdtemp makes it 0700 for root.
  chmodSync(folder, 0o755)
  if (asRoot) execFileSync('chown', ['postgres:postgres', folder])
  const as = (command, args, options = {}) =>
    asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], {
          encoding: 'utf8',
          ...options,
        })
      : spawnSync(join(bin, command), args, { encoding: 'utf8', ...options })
  const must = (result, what) => {
    if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr || result.stdout}`)
  }
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    rmSync(folder, { recursive: true, force: true })
  }
  try {
    log(`initdb in ${folder}`)
    must(
      as('initdb', [
        '-D',
        data,
        '-U',
        'xdance',
        '--auth=trust',
        '--no-sync',
        '--locale=C',
        '--encoding=UTF8',
      ]),
      'initdb',
    )
    const port = await freePort()
    // Durability is not what a throwaway cluster is for: no fsync, and enough connections for a suite's workers.
    const settings = [
      `-p ${port}`,
      `-k ${folder}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ')
    must(
      as('pg_ctl', ['-D', data, '-o', settings, '-l', join(folder, 'server.log'), '-w', 'start']),
      'pg_ctl start',
    )
    log(`PostgreSQL on 127.0.0.1:${port}`)
    return { url: `postgres://xdance@127.0.0.1:${port}/postgres`, port, folder, stop }
  } catch (error) {
    stop()
    throw error
  }
}

async function main() {
  if (process.argv[2] === '--available') {
    // For scripts that decide whether the PostgreSQL run counts: exit 0 when the server can be started here.
    process.exit(findServerBin() ? 0 : 1)
  }
  const separator = process.argv.indexOf('--')
  const command = separator === -1 ? [] : process.argv.slice(separator + 1)
  if (command.length === 0) {
    console.error('usage: node scripts/postgres-cluster.mjs -- <command> [args...]')
    process.exit(2)
  }
  if (!findServerBin()) {
    const ci = process.env.CI === 'true'
    console.log(
      `PostgreSQL is not installed (no initdb/pg_ctl): the gateway's PostgreSQL run is ${ci ? 'a failure under CI' : 'skipped'} (apt-get install postgresql).`,
    )
    process.exit(ci ? 1 : 0)
  }
  const cluster = await startCluster({ log: (line) => console.log(`[postgres] ${line}`) })
  let child
  const finish = (code) => {
    cluster.stop()
    process.exit(code)
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      child?.kill(signal)
      // The child's exit handler stops the cluster; should it not exit, stop anyway.
      setTimeout(() => finish(130), 5_000).unref()
    })
  }
  process.on('exit', () => cluster.stop())
  child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, XDANCE_TEST_POSTGRES: cluster.url },
  })
  child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)))
  child.on('error', (error) => {
    console.error(`could not run ${command[0]}: ${error.message}`)
    finish(1)
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
