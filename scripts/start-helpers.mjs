// Parts of scripts/start.mjs, tested by start-helpers.test.mjs.
import { readFileSync } from 'node:fs'

/**
 * The two ports of `npm start`: the app's (PORT, default 8080) and the gateway's (GATEWAY_PORT, default the next
 * one). Throws a clear error for a port that is not a number from 1 to 65535, or for the two being the same.
 *
 * @example
 * appPorts({ PORT: '9000' }) // { appPort: 9000, gatewayPort: 9001 }
 */
export function appPorts(env) {
  const read = (name, text) => {
    if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 65_535)
      throw new Error(`${name} must be a number from 1 to 65535; got ${JSON.stringify(text)}.`)
    return Number(text)
  }
  const appPort = read('PORT', env.PORT || '8080')
  const gatewayPort = read(
    'GATEWAY_PORT',
    env.GATEWAY_PORT || String(appPort === 65_535 ? appPort - 1 : appPort + 1),
  )
  if (gatewayPort === appPort) throw new Error(`PORT and GATEWAY_PORT must differ; both are ${appPort}.`)
  return { appPort, gatewayPort }
}

/**
 * Resolves once `url` answers 200, asking every 100 ms; rejects after `timeoutMs` with what it last saw.
 *
 * @example
 * await waitForHealth('http://127.0.0.1:8081/healthz', { timeoutMs: 30_000 })
 */
export async function waitForHealth(url, { timeoutMs = 30_000, fetchImpl = fetch } = {}) {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(2_000) })
      if (res.status === 200) return
      last = `HTTP ${res.status}`
    } catch (error) {
      last = error.cause?.code ?? error.message
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`)
}

/**
 * The pid of the `npm` process this one was started by (the nearest ancestor whose command line starts with
 * `npm`), or `undefined`: npm does not pass a signal on to its script's shell, so `npm start` watches it instead.
 * `readProcess` reads a pid's parent and command line (Linux's /proc by default); a missing one ends the walk.
 *
 * @example
 * npmAncestor(process.ppid) // 4021
 *
 * @param {number} pid
 * @param {(pid: number) => { ppid: number, cmdline: string } | undefined} [readProcess]
 * @returns {number | undefined}
 */
export function npmAncestor(pid, readProcess = readProc) {
  for (let current = pid, hops = 0; current > 1 && hops < 16; hops++) {
    const info = readProcess(current)
    if (!info) return undefined
    if (/^npm(\s|$)/.test(info.cmdline)) return current
    current = info.ppid
  }
  return undefined
}

/** @param {number} pid */
function readProc(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name may hold spaces and parentheses: the fields after its last ')' are plain.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim()
    return { ppid, cmdline }
  } catch {
    return undefined
  }
}

/**
 * Calls `onGone` once, when the process `pid` no longer exists (checked every `intervalMs`); answers how to stop
 * watching. The timer does not keep the process alive.
 *
 * @example
 * watchProcess(npmPid, () => stopEverything())
 *
 * @param {number} pid
 * @param {() => void} onGone
 * @param {{ intervalMs?: number, isAlive?: (pid: number) => boolean }} [options]
 * @returns {() => void}
 */
export function watchProcess(pid, onGone, { intervalMs = 500, isAlive = processAlive } = {}) {
  const timer = setInterval(() => {
    if (isAlive(pid)) return
    clearInterval(timer)
    onGone()
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}

/** @param {number} pid */
function processAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return /** @type {{ code?: string }} */ (error).code === 'EPERM'
  }
}
