import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningGateway, startGateway } from '../gateway'

const INDEX = '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>'

// A stand-in for the app's server build: it reads the studio through the API it is handed, and answers null or
// throws on the paths that ask for it.
const renderer = (mark: string) => `
export async function renderPage(request, { template, fetch, apiBase }) {
  const path = new URL(request.url).pathname
  if (path === '/plain') return null
  if (path === '/boom') throw new Error('renderer broke')
  const org = await (await fetch(new Request(apiBase + '/org'))).json()
  return template.replace('<div id="root"></div>', '<div id="root">${mark} ' + org.data.name + ' ' + path + '</div>')
}
`

let folder: string
let dist: string
let module: string
let gw: RunningGateway
let off: RunningGateway
const log: string[] = []

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'xdance-render-'))
  dist = join(folder, 'dist')
  mkdirSync(dist)
  mkdirSync(join(folder, 'dist-server'))
  writeFileSync(join(dist, 'index.html'), INDEX)
  module = join(folder, 'dist-server', 'render-page.js')
  writeFileSync(module, renderer('v1'))
  gw = await startGateway({ demo: true, staticDir: dist, log: (line) => log.push(line) })
  off = await startGateway({ demo: true, staticDir: dist, serverRender: false })
})

afterAll(async () => {
  await gw.close()
  await off.close()
  rmSync(folder, { recursive: true, force: true })
})

const get = (base: RunningGateway, path: string, init?: RequestInit) => fetch(`${base.url}${path}`, init)
// index.html as served: the deployment's settings block aside (app-settings.ts), byte for byte the file.
const withoutSettings = async (response: Response) =>
  (await response.text()).replace(/<script type="application\/json" id="xdance-settings">[^<]*<\/script>/, '')

describe('pages rendered by the app’s server build', () => {
  test('a navigation gets the rendered page, which read the API in process; never from a shared cache', async () => {
    const response = await get(gw, '/schedule?style=jazz')
    const html = await response.text()
    expect(html).toMatch(/<div id="root">v1 \S.* \/schedule<\/div>/)
    // The renderer was handed index.html with the deployment's settings in it, as the browser would get it.
    expect(html).toContain('<script type="application/json" id="xdance-settings">')
    expect(response.headers.get('cache-control')).toBe('private, no-cache')
    expect(response.headers.get('vary')).toMatch(/\bcookie\b/i)
    expect(response.headers.get('etag')).toBeNull()
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self'/)
  })

  test('the API faults a test injects (the network of a phone) do not reach the renderer’s calls', async () => {
    await get(gw, '/dance-gateway/__dev/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/org', code: 50001, msg: 'down', count: 5 }),
    })
    try {
      expect(await (await get(gw, '/')).text()).toContain('<div id="root">v1 ')
      // …while the outside caller still gets the fault.
      expect((await (await get(gw, '/dance-gateway/org')).json()).code).toBe(50001)
    } finally {
      await get(gw, '/dance-gateway/__dev/faults', { method: 'DELETE' })
    }
  })

  test.each([
    ['a page the renderer leaves to the browser', '/plain', 'GET'],
    ['a renderer that throws (logged)', '/boom', 'GET'],
    ['a HEAD request', '/schedule', 'HEAD'],
  ])('%s: index.html as it is', async (_name, path, method) => {
    const response = await get(gw, path, { method })
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toMatch(/^W\//)
    expect(response.headers.get('vary')).toMatch(/\bcookie\b/i)
    if (method === 'GET') expect(await withoutSettings(response)).toBe(INDEX)
  })

  test('the failure of a renderer is logged with the path', () => {
    expect(log.some((line) => line.includes('/boom') && line.includes('renderer broke'))).toBe(true)
  })

  test('a rebuilt renderer is used from the next request on', async () => {
    writeFileSync(module, renderer('v2'))
    const later = new Date(Date.now() + 5_000)
    utimesSync(module, later, later)
    expect(await (await get(gw, '/')).text()).toContain('<div id="root">v2 ')
  })

  test('no renderer file (quietly), or a module without renderPage (logged once): index.html', async () => {
    rmSync(module)
    const lines = log.length
    expect(await withoutSettings(await get(gw, '/'))).toBe(INDEX)
    expect(await withoutSettings(await get(gw, '/teachers'))).toBe(INDEX)
    writeFileSync(module, 'export const nothing = 1\n')
    expect(await withoutSettings(await get(gw, '/'))).toBe(INDEX)
    expect(await withoutSettings(await get(gw, '/'))).toBe(INDEX)
    expect(log.slice(lines).filter((line) => line.includes('exports no renderPage'))).toHaveLength(1)
  })

  test('serverRender: false serves index.html to every navigation, with no vary', async () => {
    writeFileSync(module, renderer('v3'))
    const response = await get(off, '/')
    expect(await withoutSettings(response)).toBe(INDEX)
    expect(response.headers.get('vary') ?? '').not.toMatch(/\bcookie\b/i)
  })
})
