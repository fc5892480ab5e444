import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { EngineDriver } from './driver'

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'qt-driver.py')

/**
 * Starts a Qt WebEngine page (PyQt5: Chromium 87, PyQt6: Chromium 102) under Xvfb, driven by
 * support/qt-driver.py over stdin/stdout.
 */
export async function startQt(version: 5 | 6): Promise<EngineDriver & { userAgent: string }> {
  const child = // Under Xvfb: with the offscreen platform Qt WebEngine 5.15 has no GL context and aborts.
    spawn('xvfb-run', ['-a', '/usr/bin/python3', SCRIPT, String(version)], {
      env: {
        ...process.env,
        QTWEBENGINE_CHROMIUM_FLAGS: '--no-sandbox --disable-gpu --single-process',
        QTWEBENGINE_DISABLE_SANDBOX: '1',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-2000)
  })
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let ready: (ua: string) => void = () => undefined
  const started = new Promise<string>((resolve, reject) => {
    ready = resolve
    child.on('exit', (code) => reject(new Error(`qt-driver exited ${code}: ${stderr}`)))
  })
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as {
      id?: number
      ready?: boolean
      userAgent?: string
      value?: unknown
      error?: string
    }
    if (message.ready) return ready(message.userAgent ?? '')
    const entry = waiting.get(message.id ?? -1)
    if (!entry) return
    waiting.delete(message.id ?? -1)
    if (message.error) entry.reject(new Error(message.error))
    else entry.resolve(message.value)
  })
  child.on('exit', () => {
    for (const entry of waiting.values()) entry.reject(new Error(`qt-driver exited: ${stderr}`))
    waiting.clear()
  })
  let next = 1
  const send = <T>(request: Record<string, unknown>): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = next++
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      child.stdin.write(`${JSON.stringify({ id, ...request })}\n`)
    })
  const userAgent = await started
  return {
    userAgent,
    execute: <T>(body: string) => send<T>({ op: 'execute', body }),
    load: async (url) => {
      await send({ op: 'load', url })
    },
    screenshot: async (file) => {
      await send({ op: 'screenshot', file })
    },
    quit: async () => {
      await send({ op: 'quit' }).catch(() => undefined)
      child.kill()
    },
  }
}
