#!/usr/bin/env node
// `npm start`: the two processes of a deployment on one machine, as a studio runs them behind nginx (README,
// "Deploying"), with the app's own server doing nginx's forwarding:
//
//   browser ──> app server (PORT, default 8080; HOST, default 127.0.0.1): pages, assets, the API forwarded
//                   └──> gateway (GATEWAY_PORT, default PORT + 1, always on 127.0.0.1): the API, demo data
//
// The gateway trusts the app server's X-Forwarded-* headers (GATEWAY_TRUST_PROXY=1): its per-address limits and
// JS-SDK signatures see the visitor's address and origin. Its other settings (GATEWAY_DEMO, GATEWAY_DB, WECHAT_*…)
// pass through; GATEWAY_DEMO defaults to 1 here. When either process exits, the other is stopped and the exit
// status is the first one's. Ctrl-C stops both, and so does SIGTERM or SIGINT to `npm start`'s process.
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { appPorts, npmAncestor, waitForHealth, watchProcess } from './start-helpers.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
let ports
try {
  ports = appPorts(process.env)
} catch (error) {
  console.error(`npm start: ${error.message}`)
  process.exit(1)
}
const { appPort, gatewayPort } = ports
const gatewayOrigin = `http://127.0.0.1:${gatewayPort}`

const children = []
let ending = false
const end = (code) => {
  if (ending) return
  ending = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  process.exitCode = code
}
const run = (name, file, env) => {
  const child = spawn(process.execPath, [file], { cwd: root, env, stdio: 'inherit' })
  child.on('exit', (code, signal) => {
    if (!ending)
      console.error(`npm start: the ${name} stopped (${signal ?? `exit ${code}`}); stopping the other`)
    end(code ?? 1)
  })
  children.push(child)
  return child
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => end(0))
// npm does not pass SIGTERM or SIGINT on to its script's shell: a supervisor signalling `npm start` would leave both
// servers running, their ports taken. So the npm process that started this one is watched: when it is gone, both
// stop as on Ctrl-C (in-flight requests finished, the database closed).
const npm = process.env.npm_lifecycle_event === 'start' ? npmAncestor(process.ppid) : undefined
if (npm !== undefined) watchProcess(npm, () => end(0))

run('gateway', join(root, 'apps/gateway/dist/main.js'), {
  ...process.env,
  GATEWAY_DEMO: process.env.GATEWAY_DEMO ?? '1',
  GATEWAY_TRUST_PROXY: '1',
  HOST: '127.0.0.1',
  PORT: String(gatewayPort),
})
try {
  await waitForHealth(`${gatewayOrigin}/healthz`, { timeoutMs: 30_000 })
} catch (error) {
  console.error(`npm start: ${error.message}`)
  end(1)
}
if (!ending) {
  run('app server', join(root, 'apps/h5/dist-server/main.js'), {
    ...process.env,
    PORT: String(appPort),
    GATEWAY_ORIGIN: gatewayOrigin,
  })
}
