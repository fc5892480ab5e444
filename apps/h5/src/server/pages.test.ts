import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createGateway, type Gateway } from '@xdance/gateway'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppSettings } from '../config/settings'
import { createAnswer } from './answer'
import { createPageCache } from './page-cache'
import { injectSettings, NO_SETTINGS } from './page-settings'
import { type PagesOptions, pages, serverRender } from './pages'

const INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>xdance app</title></head><body><div id="root"></div></body></html>'
// What the app is served: the file with the deployment's settings (here all off) in its head.
const SERVED = injectSettings(INDEX, NO_SETTINGS)
const WECHAT: AppSettings = {
  ...NO_SETTINGS,
  officialAccountAppId: 'wx1234567890abcdef',
  jsSdkScriptURL: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
}

let folder: string
let dist: string
let time = 0
let renders = 0
// Renders a marked page, counted; `/left-to-browser` is left to the browser.
const counted: PagesOptions['render'] = async (request, template) =>
  new URL(request.url).pathname === '/left-to-browser'
    ? null
    : template.replace('<div id="root"></div>', `<div id="root"><p>render ${++renders}</p></div>`)

const pagesOf = (options: Partial<PagesOptions> = {}) =>
  pages({
    dist,
    settings: () => NO_SETTINGS,
    cache: createPageCache({ ttlMs: 5_000, now: () => time }),
    answer: createAnswer(),
    ...options,
  })
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://h5.example${path}`, { headers })

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'xdance-pages-'))
  dist = join(folder, 'dist')
  mkdirSync(join(dist, 'sub'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), INDEX)
  writeFileSync(join(dist, 'other.html'), '<html><head></head><body>other</body></html>')
  mkdirSync(join(folder, 'empty'))
  mkdirSync(join(folder, 'inline'))
  writeFileSync(
    join(folder, 'inline', 'index.html'),
    '<html><head><style>body{margin:0}</style></head></html>',
  )
})

afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('pages: index.html for the browser to render', () => {
  it.each(['/', '/index.html'])(
    '%s serves index.html with the settings, revalidated on every load',
    async (path) => {
      const res = await pagesOf()(get(path))
      expect(res.status).toBe(200)
      expect(await res.text()).toBe(SERVED)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(res.headers.get('etag')).toMatch(/^W\/"/)
    },
  )

  it.each(['/classes', '/classes/12', '/marketing/article?id=3&sharer=u9', '/me/bookings/', '/sub'])(
    'the app route %s falls back to index.html (history mode)',
    async (path) => {
      const res = await pagesOf()(get(path))
      expect([res.status, await res.text(), res.headers.get('cache-control')]).toEqual([
        200,
        SERVED,
        'no-cache',
      ])
    },
  )

  it('a signed-in visitor’s page is private and never stored; a signed-out one’s is revalidated', async () => {
    const signedIn = await pagesOf()(
      new Request('http://h5.example/bookings', {
        headers: { cookie: 'xdance-head=Bearer%20; xdance-token=t' },
      }),
    )
    const app = await pagesOf()(
      new Request('http://h5.example/bookings', { headers: { cookie: 'app-token=a' } }),
    )
    const emptyToken = await pagesOf()(
      new Request('http://h5.example/bookings', { headers: { cookie: 'xdance-token=' } }),
    )
    expect([signedIn, app, emptyToken].map((res) => res.headers.get('cache-control'))).toEqual([
      'private, no-store',
      'private, no-store',
      'no-cache',
    ])
  })

  it('another HTML file of the build is served as itself, with the settings', async () => {
    const html = await (await pagesOf()(get('/other.html'))).text()
    expect(html).toBe(injectSettings('<html><head></head><body>other</body></html>', NO_SETTINGS))
  })

  it('new settings are a new version of the page: another ETag', async () => {
    const before = (await pagesOf()(get('/'))).headers.get('etag')
    const after = (await pagesOf({ settings: () => WECHAT })(get('/'))).headers.get('etag')
    expect(after).not.toBe(before)
  })

  it.each(['/', '/classes/3'])('%s before the app is built says so, and how to build it', async (path) => {
    const res = await pagesOf({ dist: join(folder, 'empty') })(get(path))
    expect(res.status).toBe(503)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toContain('pnpm turbo run build --filter=@xdance/h5...')
  })
})

describe('pages: security headers', () => {
  it.each(['/', '/index.html', '/schedule', '/classes/12'])(
    '%s carries the page policy, the referrer policy and nosniff',
    async (path) => {
      const res = await pagesOf({ render: counted })(get(path))
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'; script-src 'self';")
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    },
  )

  it('an inline style of index.html is allowed by its hash', async () => {
    const res = await pagesOf({ dist: join(folder, 'inline') })(get('/bookings'))
    expect(res.headers.get('content-security-policy')).toContain(
      "style-src 'self' 'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='",
    )
  })
})

describe('pages: rendered on the server, with the page cache', () => {
  it('renders a signed-out page once per ttl, with settings, CSP, an ETag and 304', async () => {
    time = 0
    const before = renders
    const page = pagesOf({ render: counted, settings: () => WECHAT })
    const first = await page(get('/class/7'))
    const html = await first.text()
    expect(html).toContain(`<p>render ${before + 1}</p>`)
    expect(html).toContain(
      '<script type="application/json" id="xdance-settings">{"officialAccountAppId":"wx1234567890abcdef"',
    )
    expect(first.headers.get('content-security-policy')).toContain('https://res.wx.qq.com')
    expect([first.headers.get('cache-control'), first.headers.get('vary')]).toEqual([
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
      'cookie, accept-language, accept-encoding',
    ])
    const etag = first.headers.get('etag') ?? ''
    expect(await (await page(get('/class/7'))).text()).toContain(`<p>render ${before + 1}</p>`)
    const revalidated = await page(get('/class/7', { 'if-none-match': etag }))
    expect(revalidated.status).toBe(304)
    expect(renders).toBe(before + 1)
    time = 5_000
    const later = await page(get('/class/7', { 'if-none-match': etag }))
    expect(later.status).toBe(200)
    expect(renders).toBe(before + 2)
  })

  it('serves a signed-in visitor index.html, never the shared page', async () => {
    const res = await pagesOf({ render: counted })(get('/class/7', { cookie: 'xdance-token=abc' }))
    const html = await res.text()
    expect(html).toBe(SERVED)
    expect(res.headers.get('vary')).toBe('cookie, accept-encoding')
  })

  it('serves index.html where the renderer leaves the page to the browser', async () => {
    expect(await (await pagesOf({ render: counted })(get('/left-to-browser'))).text()).toBe(SERVED)
  })

  it('never renders an HTML file of the build', async () => {
    const before = renders
    await pagesOf({ render: counted })(get('/index.html'))
    expect(renders).toBe(before)
  })

  it('without a renderer, index.html does not vary by cookie', async () => {
    expect((await pagesOf()(get('/class/7'))).headers.get('vary')).toBe('accept-encoding')
  })
})

describe('pages: the page cache and the renderer agree on the language', () => {
  let gateway: Gateway
  beforeAll(() => {
    gateway = createGateway({ demo: true })
  })
  afterAll(() => gateway?.close())

  it('a visitor preferring English by q does not make the next Chinese visitor’s class page English', async () => {
    const page = pagesOf({
      render: serverRender((request) => gateway.fetch(request), '/dance-gateway'),
      cache: createPageCache({ now: () => 0 }),
    })
    const html = async (language: string) =>
      (await page(get('/classes/1', { 'accept-language': language }))).text()
    expect(await html('zh-CN;q=0.5,en-US')).toContain('<html lang="en"')
    expect(await html('zh-CN')).toContain('<html lang="zh-CN"')
    expect(await html('en-US')).toContain('<html lang="en"')
  })
})
