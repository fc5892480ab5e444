import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { injectSettings, NO_SETTINGS } from './page-settings'
import { serveApp } from './serve-app'

// The app's server behind its Node front, on a real socket: what only a socket shows (a path sent byte for byte, a
// gzipped body reaching the client whole, the gateway down). Each part is tested alone beside it: forward-gateway,
// built-files, pages, answer; their composition in app-server.test.ts.

const INDEX =
  '<!doctype html><html><head><title>xdance app</title></head><body><div id="root"></div></body></html>'
// What the app is served: the file with the deployment's settings (here all off) in its head.
const SERVED = injectSettings(INDEX, NO_SETTINGS)
// Over the 1 KB threshold below which compressing is not worth it.
const BIG = `export const classes = ${JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, style: 'jazz' })))}`

type App = Awaited<ReturnType<typeof serveApp>>
let folder: string
let app: App

// A port nothing listens on: the gateway is down.
let closedPort = 0

// No gateway behind: pages are not rendered, settings are all off.
const start = (dist: string) =>
  serveApp({
    dist,
    gatewayOrigin: `http://127.0.0.1:${closedPort}`,
    port: 0,
    render: false,
    settings: () => NO_SETTINGS,
    log: () => {},
  })

beforeAll(async () => {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPort = (probe.address() as AddressInfo).port
  await new Promise((resolve) => probe.close(resolve))
  folder = mkdtempSync(join(tmpdir(), 'xdance-app-files-'))
  const root = join(folder, 'dist')
  mkdirSync(join(root, 'assets'), { recursive: true })
  mkdirSync(join(root, 'sub'))
  writeFileSync(join(root, 'index.html'), INDEX)
  writeFileSync(join(root, 'assets', 'index-3f2a1b.js'), 'console.log("app")')
  writeFileSync(join(root, 'assets', 'big-0a1b2c.js'), BIG)
  writeFileSync(join(root, 'assets', 'index-9c8d7e.css'), 'body{margin:0}')
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(join(root, '.env'), 'TOP SECRET')
  writeFileSync(join(folder, 'secret.txt'), 'TOP SECRET')
  app = await start(root)
})

afterAll(async () => {
  await app?.close()
  rmSync(folder, { recursive: true, force: true })
})

/** A request with the path sent byte for byte (fetch would normalise `..` and friends away). */
function raw(
  base: App,
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  bytes: Buffer
}> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: base.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
          bytes: Buffer.concat(chunks),
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

// When and how a body is gzipped: answer.test.ts. Here: a gzipped body reaches the client whole.
describe('compression', () => {
  test('text over 1 KB is gzipped for a client that accepts gzip, and unzips to the file', async () => {
    const res = await raw(app, '/assets/big-0a1b2c.js', 'GET', { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers.etag).toMatch(/^W\//)
    expect(res.bytes.length).toBeLessThan(BIG.length / 4)
    expect(gunzipSync(res.bytes).toString()).toBe(BIG)
  })
})

describe('the Node front', () => {
  test('HEAD answers the headers without the body', async () => {
    const res = await raw(app, '/', 'HEAD')
    expect(res.status).toBe(200)
    expect(res.body).toBe('')
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(SERVED)))
  })

  test('other methods outside the API answer 405', async () => {
    expect((await raw(app, '/classes', 'POST')).status).toBe(405)
  })

  test('the gateway down: its paths answer 502 and say so, the pages still load', async () => {
    const res = await raw(app, '/dance-gateway/classes')
    expect([res.status, res.body]).toEqual([502, 'Bad Gateway: the gateway cannot be reached.'])
    expect((await raw(app, '/schedule')).status).toBe(200)
  })
})

describe('path traversal', () => {
  test.each([
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/%2e%2e%5c%2e%2e%5csecret.txt',
    '/secret.txt%00.js',
    '/.env',
    '/%2eenv',
    '/assets/../.env',
    '/%E0%A4%A',
  ])('%s never reaches a file outside the build or a dot file', async (path) => {
    const res = await raw(app, path)
    expect(res.body).not.toContain('TOP SECRET')
    expect([400, 404]).toContain(res.status)
  })
})
