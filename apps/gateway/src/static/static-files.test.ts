import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningGateway, startGateway } from '../gateway'
import { injectSettings, NO_SETTINGS } from './app-settings'

const INDEX =
  '<!doctype html><html><head><title>xdance app</title></head><body><div id="root"></div></body></html>'
// What the app is served: the file with the deployment's settings (here all empty) in its head.
const SERVED = injectSettings(INDEX, NO_SETTINGS)
// Over the 1 KB threshold below which compressing is not worth it.
const BIG = `export const classes = ${JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, style: 'jazz' })))}`
let folder: string
let gw: RunningGateway
let bare: RunningGateway

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'xdance-static-'))
  const root = join(folder, 'dist')
  mkdirSync(join(root, 'assets'), { recursive: true })
  mkdirSync(join(root, 'sub'))
  writeFileSync(join(root, 'index.html'), INDEX)
  writeFileSync(join(root, 'assets', 'index-3f2a1b9c.js'), 'console.log("app")')
  writeFileSync(join(root, 'assets', 'big-0a1b2c3d.js'), BIG)
  writeFileSync(join(root, 'assets', 'index-9c8d7e6f.css'), 'body{margin:0}')
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(join(root, '.env'), 'TOP SECRET')
  writeFileSync(join(folder, 'secret.txt'), 'TOP SECRET')
  mkdirSync(join(folder, 'empty'))
  gw = await startGateway({ staticDir: root })
  bare = await startGateway({ staticDir: join(folder, 'empty') })
})

afterAll(async () => {
  await gw.close()
  await bare.close()
  rmSync(folder, { recursive: true, force: true })
})

/** A request with the path sent byte for byte (fetch would normalise `..` and friends away). */
function raw(
  base: RunningGateway,
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

describe('compression', () => {
  test('text over 1 KB is gzipped for a client that accepts gzip, and unzips to the file', async () => {
    const res = await raw(gw, '/assets/big-0a1b2c3d.js', 'GET', { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.bytes.length).toBeLessThan(BIG.length / 4)
    expect(gunzipSync(res.bytes).toString()).toBe(BIG)
  })

  test('a client that sends no Accept-Encoding gets the file as it is', async () => {
    const res = await raw(gw, '/assets/big-0a1b2c3d.js')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(BIG)
  })

  test('JSON answers of the API over 1 KB are gzipped too', async () => {
    const demo = await startGateway({ demo: true })
    const res = await raw(demo, '/dance-gateway/classes', 'GET', { 'accept-encoding': 'gzip' }).finally(() =>
      demo.close(),
    )
    expect(res.headers['content-encoding']).toBe('gzip')
    const envelope = JSON.parse(gunzipSync(res.bytes).toString())
    expect(envelope.code).toBe(200)
    expect(envelope.data.list.length).toBeGreaterThan(5)
  })
})

describe('the H5 app at /', () => {
  test.each(['/', '/index.html'])('%s serves index.html, revalidated on every load', async (path) => {
    const res = await raw(gw, path)
    expect(res.status).toBe(200)
    expect(res.body).toBe(SERVED)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers.etag).toMatch(/^W\/"/)
  })

  test.each([
    ['/assets/index-3f2a1b9c.js', 'text/javascript; charset=utf-8'],
    ['/assets/index-9c8d7e6f.css', 'text/css; charset=utf-8'],
  ])('hashed asset %s is served as %s and cached for a year, immutable', async (path, type) => {
    const res = await raw(gw, path)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe(type)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  test('a file outside /assets/ is served but revalidated', async () => {
    const res = await raw(gw, '/favicon.svg')
    expect(res.headers['content-type']).toContain('image/svg+xml')
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  test.each(['/classes', '/classes/12', '/marketing/article?id=3&sharer=u9', '/me/bookings/', '/sub'])(
    'the app route %s falls back to index.html (history mode)',
    async (path) => {
      const res = await raw(gw, path)
      expect(res.status).toBe(200)
      expect(res.body).toBe(SERVED)
      expect(res.headers['cache-control']).toBe('no-cache')
    },
  )

  test.each(['/assets/index-deadbeef.js', '/missing.png', '/robots.txt'])(
    'a missing file %s is a 404, never the app (it would be cached as a script or image)',
    async (path) => {
      const res = await raw(gw, path)
      expect(res.status).toBe(404)
      expect(res.body).not.toContain('<html')
    },
  )

  test('HEAD answers the headers without the body', async () => {
    const res = await raw(gw, '/', 'HEAD')
    expect(res.status).toBe(200)
    expect(res.body).toBe('')
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(SERVED)))
  })

  test('a matching If-None-Match answers 304', async () => {
    const first = await raw(gw, '/assets/index-3f2a1b9c.js')
    const again = await raw(gw, '/assets/index-3f2a1b9c.js', 'GET', {
      'if-none-match': String(first.headers.etag),
    })
    expect(again.status).toBe(304)
    expect(again.body).toBe('')
  })

  test('other methods outside the prefix answer 405', async () => {
    expect((await raw(gw, '/classes', 'POST')).status).toBe(405)
  })

  test('paths under the prefix are never static files', async () => {
    const res = await raw(gw, '/dance-gateway/index.html')
    expect(JSON.parse(res.body)).toMatchObject({ code: 40401 })
  })

  test('GET /healthz answers ok', async () => {
    const res = await raw(gw, '/healthz')
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body)).toEqual({ status: 'ok', demo: false })
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
    const res = await raw(gw, path)
    expect(res.body).not.toContain('TOP SECRET')
    expect([400, 404]).toContain(res.status)
  })
})

describe('before the app is built', () => {
  test.each(['/', '/classes/3'])('%s serves a page saying so, and how to build it', async (path) => {
    const res = await raw(bare, path)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toContain('H5 应用还没有构建')
    expect(res.body).toContain('pnpm --filter @xdance/h5 build')
  })

  test('assets still 404', async () => {
    expect((await raw(bare, '/assets/x.js')).status).toBe(404)
  })
})

describe('security headers', () => {
  test.each(['/', '/index.html', '/schedule', '/classes/12'])(
    '%s carries the page policy, the referrer policy and nosniff',
    async (path) => {
      const res = await raw(gw, path)
      expect(res.headers['content-security-policy']).toContain("default-src 'self'; script-src 'self';")
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
    },
  )

  test('an inline style of index.html is allowed by its hash, which follows a rebuild of the file', async () => {
    const root = join(folder, 'inline')
    mkdirSync(root)
    writeFileSync(join(root, 'index.html'), '<html><head><style>body{margin:0}</style></head></html>')
    const inline = await startGateway({ staticDir: root })
    try {
      const first = await raw(inline, '/bookings')
      expect(first.headers['content-security-policy']).toContain(
        "style-src 'self' 'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='",
      )
      // A rebuild writes a different stylesheet (and size): the next answer carries the new hash.
      writeFileSync(join(root, 'index.html'), '<html><head><style>body{margin:1px}</style></head></html>')
      const second = await raw(inline, '/')
      expect(second.headers['content-security-policy']).not.toContain('IAdwN3bi')
      expect(second.headers['content-security-policy']).toMatch(
        /style-src 'self' 'sha256-[A-Za-z0-9+/=]{44}'/,
      )
    } finally {
      await inline.close()
    }
  })

  test('the placeholder page, assets and 404s carry the headers too', async () => {
    const placeholder = await raw(bare, '/')
    expect(placeholder.headers['content-security-policy']).toMatch(/style-src 'self' 'sha256-/)
    for (const path of ['/assets/index-3f2a1b9c.js', '/assets/missing.js']) {
      const res = await raw(gw, path)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    }
  })
})
