import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appStarted, dwell, PREFIX, useHarness } from './support/harness'
import { expectTraces, expectVisits, leaveAndCollect } from './support/tracking'

const h = useHarness()

/**
 * Watches a page load: console errors and uncaught exceptions (a hydration mismatch is one), the gateway calls the
 * page made (reports and marks aside), and whether the first `.app` element of the served HTML is still the one on
 * screen once React runs (hydrated) or was replaced (drawn afresh).
 */
async function watch(page: Page) {
  const errors: string[] = []
  const calls: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('request', (request) => {
    const url = new URL(request.url())
    // The API's data calls (a script under the prefix, the demo's icon font, is not one).
    const data = request.resourceType() === 'fetch' || request.resourceType() === 'xhr'
    if (data && url.pathname.startsWith(`${PREFIX}/`) && !/\/(trace|report|visit)/.test(url.pathname)) {
      calls.push(url.pathname)
    }
  })
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, { __served: document.querySelector('#root > div') })
    })
  })
  return {
    errors,
    calls,
    /** Waits until React owns the root, then tells whether it kept the served element (hydrated). */
    async hydrated(): Promise<boolean> {
      await appStarted(page)
      await page.waitForLoadState('networkidle')
      return page.evaluate(() => {
        const served = (window as unknown as { __served: Element | null }).__served
        return served !== null && served === document.querySelector('#root > div')
      })
    },
  }
}

describe('first paint: the gateway renders a signed-out visitor’s page with its data', () => {
  it('draws every public screen with its data before any JavaScript runs', async () => {
    const { page } = await h.phone('android', { javaScriptEnabled: false })
    const classes = await h.api<{ data: { list: Array<{ id: number; title: string }> } }>('/classes')
    const first = classes.data.list[0]
    expect(first).toBeDefined()

    await page.goto(h.url('/schedule'))
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('课表')
    expect(await page.locator('[data-testid="class-card"]').count()).toBeGreaterThan(0)
    await expect(page.title()).resolves.toBe('课表 · xdance 舞蹈')

    await page.goto(h.url(`/classes/${first?.id}`))
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(first?.title)
    await expect(page.title()).resolves.toBe(`${first?.title} · xdance 舞蹈`)
    // What needs JavaScript says so until the app runs: a tap before then is not silently lost.
    expect(await page.getByRole('button', { name: '添加到日历' }).isDisabled()).toBe(true)
    expect(await page.getByTestId('language-switch').isDisabled()).toBe(true)

    await page.goto(h.url('/marketing/article?id=1'))
    const article = await h.api<{ data: { title: string } }>('/articles/1')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(article.data.title)

    await page.goto(h.url('/'))
    expect(await page.locator('#root main').count()).toBe(1)
    expect(await page.locator('#xdance-page').count()).toBe(1)
  })

  it('hydrates each page without a mismatch or a second call for its data, and stays interactive', async () => {
    const classes = await h.api<{ data: { list: Array<{ id: number }> } }>('/classes')
    for (const path of [
      '/',
      '/schedule',
      `/classes/${classes.data.list[0]?.id}`,
      '/marketing/article?id=1',
    ]) {
      const { page } = await h.phone('iphone')
      const watching = await watch(page)
      await page.goto(h.url(path))
      expect(await watching.hydrated(), `${path} hydrated`).toBe(true)
      expect(watching.errors, path).toEqual([])
      // The loaders ran on the server; the browser only fetched what a page does after it shows: the class page's
      // teacher ratings (a fetcher, never holding the page up), nothing else.
      const after = path.startsWith('/classes/') ? [/\/teachers\/\d+\/ratings$/] : []
      expect(
        watching.calls.filter((call) => !after.some((pattern) => pattern.test(call))),
        path,
      ).toEqual([])
      await expect.poll(() => watching.calls.length, { message: path }).toBe(after.length)
      // Interactive: the language switch answers (it fetches the English catalogue, then shows the way back).
      await page.getByTestId('language-switch').click()
      await page.getByTestId('language-switch').filter({ hasText: '中文' }).waitFor()
      await page.context().close()
    }
  })

  it('reports the hydrated visit once, and the next ones as before', async () => {
    const { page } = await h.phone('iphone')
    const watching = await watch(page)
    await page.goto(h.url('/'))
    expect(await watching.hydrated()).toBe(true)
    await dwell(page)
    await page.getByRole('link', { name: '课表' }).first().click()
    await page.getByRole('heading', { level: 1, name: '课表' }).waitFor()
    await dwell(page)
    const reports = await leaveAndCollect(h, page, 2)
    expectVisits(reports, ['/', '/schedule'])
    await expectTraces(h, ['/', '/schedule'])
    expect(watching.errors).toEqual([])
  })

  it('leaves the page to the browser for a signed-in visitor, a missing class, or app mode', async () => {
    const { page, context } = await h.phone('android')
    const watching = await watch(page)

    const missing = await page.goto(h.url('/classes/987654'))
    expect(await missing?.text()).not.toContain('id="xdance-page"')
    await page.getByRole('heading', { level: 1 }).waitFor()

    const app = await page.goto(h.url('/?source=app'))
    expect(await app?.text()).not.toContain('id="xdance-page"')

    const login = await h.apiLogin()
    await context.addCookies([
      { name: 'xdance-token', value: encodeURIComponent(login.token), url: h.url('/') },
      { name: 'xdance-head', value: encodeURIComponent(login.head), url: h.url('/') },
    ])
    const signedIn = await page.goto(h.url('/schedule'))
    expect(signedIn?.headers().vary).toMatch(/\bcookie\b/i)
    expect(await signedIn?.text()).not.toContain('id="xdance-page"')
    expect(await watching.hydrated()).toBe(false)
    await page.getByRole('heading', { level: 1, name: '课表' }).waitFor()
  })

  it('draws afresh, in English, for a visitor who chose English (the server renders Chinese)', async () => {
    const { page } = await h.phone('android')
    await page.addInitScript(() => localStorage.setItem('xdance-locale', 'en'))
    const watching = await watch(page)
    await page.goto(h.url('/schedule'))
    expect(await watching.hydrated()).toBe(false)
    await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor()
    expect(watching.errors).toEqual([])
  })
})

describe('after the first screen', () => {
  it('downloads the likely next pages’ loaders when idle, so a tap on the schedule asks for its data at once', async () => {
    const { page } = await h.phone('android')
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    const warmed = page.waitForResponse((response) =>
      /\/assets\/schedule-data-[\w-]+\.js$/.test(response.url()),
    )
    await page.goto(h.url('/'))
    await appStarted(page)
    // Not part of the first screen: fetched after start-up, with the client, the class and the teachers' loaders.
    await warmed
    for (const name of ['gateway-client', 'schedule-data', 'bookings-data', 'class-data', 'teachers-data']) {
      expect(
        scripts.filter((path) => path.startsWith(`/assets/${name}-`)),
        name,
      ).toHaveLength(1)
    }

    const before = scripts.length
    const data = page.waitForRequest((request) => new URL(request.url()).pathname === `${PREFIX}/classes`)
    await page.getByRole('link', { name: '课表' }).last().click()
    await data
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    // Its loader came from the warmed chunk: the tap fetched no second copy of it.
    expect(scripts.slice(before).filter((path) => path.includes('schedule-data'))).toEqual([])
  })
})
