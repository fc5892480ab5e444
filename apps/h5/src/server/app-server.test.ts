import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createGateway, type Gateway } from '@xdance/gateway'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppServerOptions, createAppServer } from './app-server'

// Each part is tested alone beside it (forward-gateway, built-files, pages, answer, page-cache); here: that the app's
// server tries them in the right order, and where its own calls go.

const INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>x</title></head><body><div id="root"></div></body></html>'
let folder: string
let demo: Gateway
// What reached `gateway`: the browser's calls, forwarded.
const forwarded: string[] = []

const server = (options: Partial<AppServerOptions> = {}) =>
  createAppServer({
    dist: join(folder, 'dist'),
    gateway: async (request) => {
      forwarded.push(`${request.method} ${new URL(request.url).pathname}`)
      return new Response('from the gateway')
    },
    api: (request) => demo.fetch(request),
    ...options,
  })
const call = (method: string, path: string) => new Request(`http://h5.test${path}`, { method })

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'xdance-app-server-'))
  mkdirSync(join(folder, 'dist', 'assets'), { recursive: true })
  writeFileSync(join(folder, 'dist', 'index.html'), INDEX)
  writeFileSync(join(folder, 'dist', 'assets', 'index-a1b2.js'), 'console.log(1)')
  demo = createGateway({ demo: true })
})

afterAll(async () => {
  await demo?.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('the app server: its parts in turn', () => {
  it.each([
    ['POST', '/dance-gateway/bookings', 200, 'from the gateway'],
    ['DELETE', '/dance-gateway/bookings/3', 200, 'from the gateway'],
    ['GET', '/healthz', 200, 'from the gateway'],
    ['POST', '/classes/1', 405, 'Method Not Allowed'],
    ['PUT', '/assets/index-a1b2.js', 405, 'Method Not Allowed'],
    ['GET', '/assets/index-a1b2.js', 200, 'console.log(1)'],
    ['GET', '/assets/gone-ffff.js', 404, 'Not Found'],
    ['HEAD', '/classes/1', 200, ''],
  ])('%s %s answers %i: %s', async (method, path, status, body) => {
    const res = await server({ render: false }).fetch(call(method, path))
    expect([res.status, await res.text()]).toEqual([status, body])
  })

  it('refuses other methods than GET and HEAD outside the gateway, saying which', async () => {
    const res = await server({ render: false }).fetch(call('POST', '/classes/1'))
    expect(res.headers.get('allow')).toBe('GET, HEAD')
  })

  it('renders a signed-out page with its data and the settings read through `api`, never `gateway`', async () => {
    forwarded.length = 0
    const html = await (await server().fetch(call('GET', '/classes/1'))).text()
    expect(html).toContain('id="xdance-settings"')
    expect(html).toContain('id="xdance-page"')
    expect(html).not.toContain('<div id="root"></div>')
    expect(forwarded).toEqual([])
  })

  it('with render: false, serves index.html to everyone', async () => {
    const html = await (await server({ render: false }).fetch(call('GET', '/classes/1'))).text()
    expect(html).toContain('<div id="root"></div>')
  })

  it('forwards another prefix and other exact paths when told', async () => {
    const app = server({ render: false, prefix: '/gw', forwardPaths: ['/status'] })
    const texts = await Promise.all(
      ['/gw/classes', '/status', '/healthz'].map(async (path) => (await app.fetch(call('GET', path))).text()),
    )
    expect(texts.map((text) => text === 'from the gateway')).toEqual([true, true, false])
  })
})
