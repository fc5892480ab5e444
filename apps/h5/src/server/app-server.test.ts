import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createGateway, type Gateway } from '@xdance/gateway'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServer } from './app-server'
import { createPageCache } from './page-cache'
import { NO_SETTINGS } from './page-settings'
import { serveApp } from './serve-app'

const TEMPLATE = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>'
let dist: string
let gateway: Server
let gatewayOrigin: string
const seen: { method: string; url: string; body: string; xff: string | undefined }[] = []
let time = 0
let renders = 0
let app: Awaited<ReturnType<typeof serveApp>>

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'h5-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), TEMPLATE)
  writeFileSync(join(dist, 'assets', 'index-a1b2.js'), 'console.log(1)')
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>')
  // A stand-in gateway on a real socket: it echoes what reached it.
  gateway = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body,
        xff: req.headers['x-forwarded-for'] as string,
      })
      if (req.url === '/dance-gateway/redirect') {
        res.writeHead(302, { location: '/elsewhere' }).end()
        return
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 0, path: req.url }))
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  gatewayOrigin = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`
  app = await serveApp({
    dist,
    gatewayOrigin,
    port: 0,
    cache: createPageCache({ ttlMs: 5_000, now: () => time }),
    settings: () => ({
      officialAccountAppId: 'wx1234567890abcdef',
      oauthAuthorizeURL: '',
      jsSdkScriptURL: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
      iconFontScriptURL: '',
    }),
    render: async (request, template) =>
      new URL(request.url).pathname === '/left-to-browser'
        ? null
        : template.replace('<div id="root"></div>', `<div id="root"><p>render ${++renders}</p></div>`),
  })
})

afterAll(async () => {
  await app?.close()
  await new Promise((resolve) => gateway?.close(resolve))
})

describe('the app server', () => {
  it('renders a signed-out page once per ttl, with settings, CSP, an ETag and 304', async () => {
    time = 0
    const before = renders
    const first = await fetch(`${app.url}/class/7`)
    const html = await first.text()
    expect(html).toContain(`<p>render ${before + 1}</p>`)
    expect(html).toContain(
      '<script type="application/json" id="xdance-settings">{"officialAccountAppId":"wx1234567890abcdef"',
    )
    expect(first.headers.get('content-security-policy')).toContain('https://res.wx.qq.com')
    expect([first.headers.get('cache-control'), first.headers.get('vary')]).toEqual([
      'no-cache',
      'cookie, accept-language, accept-encoding',
    ])
    const etag = first.headers.get('etag') ?? ''
    expect((await (await fetch(`${app.url}/class/7`)).text()).includes(`<p>render ${before + 1}</p>`)).toBe(
      true,
    )
    const revalidated = await fetch(`${app.url}/class/7`, { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    expect(renders).toBe(before + 1)
    time = 5_000
    const later = await fetch(`${app.url}/class/7`, { headers: { 'if-none-match': etag } })
    expect(later.status).toBe(200)
    expect(renders).toBe(before + 2)
  })

  it('serves a signed-in visitor index.html, never the shared page', async () => {
    const res = await fetch(`${app.url}/class/7`, { headers: { cookie: 'xdance-token=abc' } })
    const html = await res.text()
    expect(html).toContain('<div id="root"></div>')
    expect(html).toContain('id="xdance-settings"')
    expect(res.headers.get('vary')).toBe('cookie, accept-encoding')
  })

  it('serves index.html where the renderer leaves the page to the browser', async () => {
    const html = await (await fetch(`${app.url}/left-to-browser`)).text()
    expect(html).toContain('<div id="root"></div>')
  })

  it('refuses other methods than GET and HEAD outside the gateway', async () => {
    const res = await fetch(`${app.url}/class/7`, { method: 'POST' })
    expect([res.status, res.headers.get('allow')]).toEqual([405, 'GET, HEAD'])
  })
})

describe('the page cache and the renderer agree on the language', () => {
  let gateway: Gateway
  let demoDist: string
  beforeAll(() => {
    gateway = createGateway({ demo: true })
    demoDist = mkdtempSync(join(tmpdir(), 'h5-dist-'))
    writeFileSync(
      join(demoDist, 'index.html'),
      '<!doctype html><html lang="zh-CN"><head><title>x</title></head><body><div id="root"></div></body></html>',
    )
  })
  afterAll(() => gateway?.close())

  it('a visitor preferring English by q does not make the next Chinese visitor’s class page English', async () => {
    const server = createAppServer({
      dist: demoDist,
      gateway: (request) => gateway.fetch(request),
      settings: () => NO_SETTINGS,
      cache: createPageCache({ now: () => 0 }),
    })
    const page = (language: string) =>
      server
        .fetch(new Request('http://h5.test/classes/1', { headers: { 'accept-language': language } }))
        .then((res) => res.text())
    expect(await page('zh-CN;q=0.5,en-US')).toContain('<html lang="en"')
    expect(await page('zh-CN')).toContain('<html lang="zh-CN"')
  })
})
