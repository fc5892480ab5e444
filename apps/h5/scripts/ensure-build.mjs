#!/usr/bin/env node
// The e2e tests run against apps/h5/dist. Build it first when it is missing or older than anything it is made
// of (the app's sources and config, or the built @xdance packages it bundles), so `pnpm test` alone is enough.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const stamp = join(root, 'dist', '.vite', 'manifest.json')
const inputs = [
  join(root, 'src'),
  join(root, 'public'),
  join(root, 'index.html'),
  join(root, 'vite.config.ts'),
  join(root, 'package.json'),
  ...['http', 'session', 'tracker', 'url'].map((name) => join(root, '..', '..', 'packages', name, 'dist')),
]

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)))
  return latest
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
const changedAt = Math.max(...inputs.map(newest))
if (builtAt > changedAt) {
  console.log('h5: dist is up to date')
} else {
  console.log(builtAt ? 'h5: dist is stale, building' : 'h5: no dist yet, building')
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  process.exit(result.status ?? 1)
}
