import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { EngineDriver } from './driver'
import { type ProcessGroup, spawnGroup } from './processes'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** Options of {@link startWebDriver}. */
export interface WebDriverOptions {
  /** The driver's environment (DISPLAY for WebKitGTK). */
  env?: NodeJS.ProcessEnv
  /** Process groups the engine needs beside its driver (an Xvfb), stopped with it. */
  alongside?: readonly ProcessGroup[]
  /** A bound on one WebDriver command (a page load included); the engine's deadline bounds the whole run. */
  commandTimeoutMs?: number
}

/**
 * Starts a W3C WebDriver server (WebKitWebDriver, WPEWebDriver) in a process group of its own and opens a session
 * with `capabilities`: a small client over fetch, enough for the journeys (navigate, execute, screenshot). `quit`
 * ends the session and stops the driver's group, and with it the browser it started.
 */
export async function startWebDriver(
  command: readonly string[],
  capabilities: Record<string, unknown>,
  { env = process.env, alongside = [], commandTimeoutMs = 60_000 }: WebDriverOptions = {},
): Promise<EngineDriver> {
  const port = await freePort()
  const [program = '', ...args] = command
  const group = spawnGroup(program, [...args, `--port=${port}`], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const stop = async () => {
    await Promise.all([group.stop(), ...alongside.map((other) => other.stop())])
  }
  const base = `http://127.0.0.1:${port}`
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    timeoutMs = commandTimeoutMs,
  ): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const json = (await response.json()) as { value: T & { error?: string; message?: string } }
    if (!response.ok) throw new Error(`${method} ${path}: ${json.value?.error} ${json.value?.message}`)
    return json.value
  }
  try {
    const deadline = Date.now() + 30_000
    for (;;) {
      try {
        await call('GET', '/status')
        break
      } catch (error) {
        if (Date.now() > deadline || group.child.exitCode !== null)
          throw new Error(`${command.join(' ')} did not start: ${String(error)} ${group.stderr()}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    const session = await call<{ sessionId: string; capabilities: Record<string, unknown> }>(
      'POST',
      '/session',
      { capabilities: { alwaysMatch: capabilities } },
    )
    const s = `/session/${session.sessionId}`
    // A phone's width where the engine lets the window be sized (WPE's headless view keeps its own size).
    await call('POST', `${s}/window/rect`, { width: 390, height: 844 }).catch(() => undefined)
    return {
      version: `${session.capabilities.browserName} ${session.capabilities.browserVersion}`,
      execute: <T>(body: string) => call<T>('POST', `${s}/execute/sync`, { script: body, args: [] }),
      load: async (url) => {
        await call('POST', `${s}/url`, { url })
      },
      screenshot: async (file) => {
        writeFileSync(file, Buffer.from(await call<string>('GET', `${s}/screenshot`), 'base64'))
      },
      quit: async () => {
        await call('DELETE', s, undefined, 10_000).catch(() => undefined)
        await stop()
      },
    }
  } catch (error) {
    await stop()
    throw error
  }
}
