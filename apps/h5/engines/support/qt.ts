import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { EngineDriver } from './driver'
import { spawnGroup } from './processes'
import { startXvfb } from './xvfb'

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'qt-driver.py')

/**
 * Starts a Qt WebEngine page (PyQt5: Chromium 87, PyQt6: Chromium 102) on an Xvfb display of its own (with the
 * offscreen platform Qt WebEngine 5.15 has no GL context and aborts), driven by support/qt-driver.py over
 * stdin/stdout. Both run in process groups of their own, stopped by `quit`.
 */
export async function startQt(
  version: 5 | 6,
  { commandTimeoutMs = 60_000 } = {},
): Promise<EngineDriver & { userAgent: string }> {
  const xvfb = await startXvfb()
  const group = spawnGroup('/usr/bin/python3', [SCRIPT, String(version)], {
    env: {
      ...process.env,
      DISPLAY: xvfb.display,
      QT_QPA_PLATFORM: 'xcb',
      QTWEBENGINE_CHROMIUM_FLAGS: '--no-sandbox --disable-gpu',
      QTWEBENGINE_DISABLE_SANDBOX: '1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const stop = async () => {
    await Promise.all([group.stop(), xvfb.group.stop()])
  }
  const child = group.child
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let ready: (ua: string) => void = () => undefined
  let refuse: (error: Error) => void = () => undefined
  const started = new Promise<string>((resolve, reject) => {
    ready = resolve
    refuse = reject
    child.on('exit', (code) => reject(new Error(`qt-driver exited ${code}: ${group.stderr()}`)))
    setTimeout(() => reject(new Error(`qt-driver not ready within 60 s: ${group.stderr()}`)), 60_000).unref()
  })
  if (!child.stdout || !child.stdin) throw new Error('qt-driver has no stdio')
  const stdin = child.stdin
  // A write after the driver died must fail its request, not crash the test process.
  stdin.on('error', () => undefined)
  createInterface({ input: child.stdout }).on('line', (line) => {
    let message: {
      id?: number
      ready?: boolean
      userAgent?: string
      offTheRecord?: boolean
      value?: unknown
      error?: string
    }
    try {
      message = JSON.parse(line)
    } catch {
      return // Qt's own output on stdout
    }
    if (message.ready) {
      // A profile that keeps cookies on disk would carry one run's sign-in into the next.
      if (!message.offTheRecord) return refuse(new Error('qt-driver: the page profile is not off the record'))
      return ready(message.userAgent ?? '')
    }
    const entry = waiting.get(message.id ?? -1)
    if (!entry) return
    waiting.delete(message.id ?? -1)
    if (message.error) entry.reject(new Error(message.error))
    else entry.resolve(message.value)
  })
  child.on('exit', () => {
    for (const entry of waiting.values()) entry.reject(new Error(`qt-driver exited: ${group.stderr()}`))
    waiting.clear()
  })
  let next = 1
  const send = <T>(request: Record<string, unknown>, timeoutMs = commandTimeoutMs): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = next++
      const timer = setTimeout(() => {
        waiting.delete(id)
        reject(new Error(`qt-driver: no answer to ${request.op} within ${timeoutMs} ms`))
      }, timeoutMs)
      waiting.set(id, {
        resolve: (value) => {
          clearTimeout(timer)
          resolve(value as T)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      })
      stdin.write(`${JSON.stringify({ id, ...request })}\n`)
    })
  let userAgent: string
  try {
    userAgent = await started
  } catch (error) {
    await stop()
    throw error
  }
  return {
    userAgent,
    version: userAgent.match(/QtWebEngine\/\S+ Chrome\/\S+/)?.[0] ?? userAgent,
    execute: <T>(body: string) => send<T>({ op: 'execute', body }),
    load: async (url) => {
      const ok = await send<boolean>({ op: 'load', url })
      if (!ok) throw new Error(`qt-driver: ${url} did not load`)
    },
    screenshot: async (file) => {
      await send({ op: 'screenshot', file })
    },
    quit: async () => {
      await send({ op: 'quit' }, 10_000).catch(() => undefined)
      await stop()
    },
  }
}
