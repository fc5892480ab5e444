// The toolchain wrapper runs the command in the caller's folder, not the root: `pnpm pack` from a package folder
// packs that package (issue 22). Run by `npm test` (node:test, no dependency): node --test scripts/
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const wrapper = join(root, 'scripts/with-toolchain.sh')
const packageDir = join(root, 'packages/url')

// The wrapper's first run may install from the lockfile; later runs only check a stamp.
const run = (cwd, args, env = {}) =>
  execFileSync('sh', [wrapper, ...args], {
    cwd,
    env: { ...process.env, npm_lifecycle_event: '', INIT_CWD: '', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 300_000,
  })

test('run from a package folder, the command runs in that folder', () => {
  assert.equal(run(packageDir, ['pwd']).trim(), packageDir)
})

test('run from the root, the command runs at the root', () => {
  assert.equal(run(root, ['pwd']).trim(), root)
})

test('as the root\'s "toolchain" script (npm moved to the root), the command runs where npm was started', () => {
  const env = { npm_lifecycle_event: 'toolchain', INIT_CWD: packageDir }
  assert.equal(run(root, ['pwd'], env).trim(), packageDir)
})

test('another root script started from a package folder keeps the root (INIT_CWD is only for "toolchain")', () => {
  const env = { npm_lifecycle_event: 'test', INIT_CWD: packageDir }
  assert.equal(run(root, ['pwd'], env).trim(), root)
})

test('pnpm pack from a package folder packs that package', () => {
  const out = mkdtempSync(join(tmpdir(), 'xdance-pack-'))
  try {
    run(packageDir, ['pnpm', 'pack', '--pack-destination', out])
    const packed = readdirSync(out)
    assert.equal(packed.length, 1, `one tarball, got ${packed.join(', ')}`)
    assert.match(packed[0], /^xdance-url-\d+\.\d+\.\d+.*\.tgz$/)
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
})
