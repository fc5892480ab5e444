import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAnswer } from './answer'
import { builtFiles } from './built-files'

let folder: string
let files: ReturnType<typeof builtFiles>
const get = (path: string, headers: Record<string, string> = {}) =>
  files(new Request(`http://h5.example${path}`, { headers }))

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'xdance-built-files-'))
  const dist = join(folder, 'dist')
  mkdirSync(join(dist, 'assets'), { recursive: true })
  mkdirSync(join(dist, 'sub'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
  writeFileSync(join(dist, 'other.html'), '<p>other</p>')
  writeFileSync(join(dist, 'assets', 'index-a1b2.js'), 'console.log(1)')
  writeFileSync(join(dist, 'assets', 'index-9c8d7e.css'), 'body{margin:0}')
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>')
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}')
  writeFileSync(join(dist, '.env'), 'TOP SECRET')
  writeFileSync(join(folder, 'secret.txt'), 'TOP SECRET')
  files = builtFiles({ dist, answer: createAnswer() })
})

afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('builtFiles: the build’s files with their cache headers', () => {
  it.each([
    ['/assets/index-a1b2.js', 200, 'public, max-age=31536000, immutable', 'text/javascript; charset=utf-8'],
    ['/assets/index-9c8d7e.css', 200, 'public, max-age=31536000, immutable', 'text/css; charset=utf-8'],
    ['/favicon.svg', 200, 'no-cache', 'image/svg+xml'],
    ['/manifest.webmanifest', 200, 'no-cache', 'application/manifest+json'],
    ['/assets/gone-ffff.js', 404, 'no-store', 'text/plain; charset=utf-8'],
    ['/missing.png', 404, 'no-store', 'text/plain; charset=utf-8'],
    ['/robots.txt', 404, 'no-store', 'text/plain; charset=utf-8'],
    ['/missing.html', 404, 'no-store', 'text/plain; charset=utf-8'],
    ['/assets/%2e%2e%2f..%2f..%2fetc%2fpasswd', 404, 'no-store', 'text/plain; charset=utf-8'],
    ['/..%2fsecret.txt', 404, 'no-store', 'text/plain; charset=utf-8'],
    ['/.env', 404, 'no-store', 'text/plain; charset=utf-8'],
    ['/%2eenv', 404, 'no-store', 'text/plain; charset=utf-8'],
    ['/%E0%A4%A', 404, 'no-store', 'text/plain; charset=utf-8'],
  ])('%s: status %i, cache-control %s, %s', async (path, status, cacheControl, type) => {
    const res = await get(path)
    expect([res?.status, res?.headers.get('cache-control'), res?.headers.get('content-type')]).toEqual([
      status,
      cacheControl,
      type,
    ])
    expect(await res?.text()).not.toContain('TOP SECRET')
    expect(res?.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res?.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('serves a file as it is, with an ETag; 304 when the browser holds it', async () => {
    const first = await get('/assets/index-a1b2.js')
    expect(await first?.text()).toBe('console.log(1)')
    expect(first?.headers.get('etag')).toMatch(/^W\/"/)
    const again = await get('/assets/index-a1b2.js', { 'if-none-match': first?.headers.get('etag') ?? '' })
    expect(again?.status).toBe(304)
  })

  it.each(['/', '/index.html', '/other.html', '/classes/12', '/me/bookings/', '/sub'])(
    '%s is a page, passed on',
    async (path) => {
      expect(await get(path)).toBeUndefined()
    },
  )
})
