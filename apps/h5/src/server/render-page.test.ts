// @vitest-environment node
import { createGateway, type Gateway } from '@xdance/gateway'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVED_PAGE_ID } from '../app/served-page'
import { canRenderOnServer, renderPage } from './render-page'

const TEMPLATE =
  '<!doctype html><html lang="zh-CN"><head><title>xdance 舞蹈</title></head><body><div id="root"></div></body></html>'
const ORIGIN = 'http://h5.test'
let gateway: Gateway

beforeAll(() => {
  gateway = createGateway({ demo: true })
})
afterAll(() => gateway.close())

const options = (fetch = (request: Request) => gateway.fetch(request)) => ({
  template: TEMPLATE,
  fetch,
  apiBase: `${ORIGIN}/dance-gateway`,
  // The server's 1 s bound on the loaders is for visitors; a busy test machine gets more (a test of the bound sets its own).
  timeoutMs: 10_000,
})
const served = (html: string) =>
  JSON.parse(
    html.slice(html.indexOf('>', html.indexOf(`id="${SERVED_PAGE_ID}"`)) + 1, html.lastIndexOf('</script>')),
  )

describe('which requests the server renders', () => {
  it.each([
    ['a signed-out GET', '/schedule', {}, true],
    ['a HEAD', '/schedule', { method: 'HEAD' }, false],
    ['app mode', '/?source=app&inviteId=7', {}, false],
    ['a visitor with the web token', '/', { headers: { cookie: 'a=1; xdance-token=abc' } }, false],
    ['a visitor with the app token', '/', { headers: { cookie: 'app-token=abc' } }, false],
    ['an emptied token cookie', '/', { headers: { cookie: 'xdance-token=; xdance-head=Bearer%20' } }, true],
    ['another cookie with a similar name', '/', { headers: { cookie: 'my-xdance-token=abc' } }, true],
  ])('%s: %s', (_name, path, init, expected) => {
    expect(canRenderOnServer(new Request(`${ORIGIN}${path}`, init))).toBe(expected)
  })
})

describe('a page rendered on the server', () => {
  it('holds the page with its data, its title in <head>, and the loaders’ data for the browser', async () => {
    const html = await renderPage(new Request(`${ORIGIN}/schedule`), options())
    expect(html).not.toBeNull()
    const page = html ?? ''
    expect(page).toContain('<title>课表 · xdance 舞蹈</title></head>')
    expect(page.match(/<title>/g)).toHaveLength(1)
    expect(page).toMatch(
      // The frame's CSS Module classes, named by the test runner its own way (`_hasTabbar_…`).
      /<div id="root"><div class="[^"]*app[^"]*(has-tabbar|hasTabbar)[^"]*">[\s\S]*data-testid="class-card"/,
    )
    const block = served(page)
    expect(block).toMatchObject({ locale: 'zh', mode: 'web' })
    const classes = Object.values(block.state.loaderData).find(
      (data) => data && typeof data === 'object' && 'classes' in data,
    )
    expect(classes).toBeDefined()
  })

  it.each([
    ['a missing class (404 error)', '/classes/987654'],
    ['a page behind sign-in (redirect)', '/bookings'],
  ])('%s is left to the browser', async (_name, path) => {
    await expect(renderPage(new Request(`${ORIGIN}${path}`), options())).resolves.toBeNull()
  })

  it('an unknown path gets the app’s own not-found page', async () => {
    const html = await renderPage(new Request(`${ORIGIN}/no-such-page`), options())
    expect(html).toContain('<title>页面不存在 · xdance 舞蹈</title>')
    expect(html).toContain('你访问的页面不存在或已被移除。')
  })

  it('a failing or a slow gateway leaves the page to the browser', async () => {
    const failing = async () => new Response('down', { status: 502 })
    await expect(renderPage(new Request(`${ORIGIN}/`), options(failing))).resolves.toBeNull()
    const hanging = (request: Request) =>
      new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason))
      })
    const started = Date.now()
    await expect(
      renderPage(new Request(`${ORIGIN}/`), { ...options(hanging), timeoutMs: 50 }),
    ).resolves.toBeNull()
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('a template without the empty root is served as it is', async () => {
    await expect(
      renderPage(new Request(`${ORIGIN}/`), { ...options(), template: '<div id="root">x</div>' }),
    ).resolves.toBeNull()
  })
})
