import { type ChildProcess, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { EngineDriver } from './driver'

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

/**
 * Starts a W3C WebDriver server (WebKitWebDriver, WPEWebDriver) and opens a session with `capabilities`: a small
 * client over fetch, enough for the journeys (navigate, execute, screenshot).
 */
export async function startWebDriver(
  command: readonly string[],
  capabilities: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EngineDriver> {
  const port = await freePort()
  const [program = '', ...args] = command
  const child: ChildProcess = spawn(program, [...args, `--port=${port}`], {
    env,
    stdio: 'ignore',
    detached: true,
  })
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid)
    } catch {
      child.kill()
    }
  }
  const base = `http://127.0.0.1:${port}`
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    })
    const json = (await response.json()) as { value: T & { error?: string; message?: string } }
    if (!response.ok) throw new Error(`${method} ${path}: ${json.value?.error} ${json.value?.message}`)
    return json.value
  }
  const deadline = Date.now() + 15_000
  for (;;) {
    try {
      await call('GET', '/status')
      break
    } catch (error) {
      if (Date.now() > deadline) {
        stop()
        throw new Error(`${command.join(' ')} did not start: ${String(error)}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  let session: { sessionId: string }
  try {
    session = await call('POST', '/session', { capabilities: { alwaysMatch: capabilities } })
  } catch (error) {
    stop()
    throw error
  }
  const s = `/session/${session.sessionId}`
  return {
    execute: <T>(body: string) => call<T>('POST', `${s}/execute/sync`, { script: body, args: [] }),
    load: async (url) => {
      await call('POST', `${s}/url`, { url })
    },
    screenshot: async (file) => {
      writeFileSync(file, Buffer.from(await call<string>('GET', `${s}/screenshot`), 'base64'))
    },
    quit: async () => {
      await call('DELETE', s).catch(() => undefined)
      stop()
    },
  }
}
