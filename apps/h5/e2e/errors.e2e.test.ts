import { describe, expect, it } from 'vitest'
import { dwell, screenshot, useHarness, waitUntil } from './support/harness'
import {
  expectToast,
  expectTraces,
  expectVisits,
  leaveAndCollect,
  pathOf,
  toastTexts,
} from './support/tracking'

// The browser's own calls on a first load, as a signed-in customer's page (or the app on a static host) makes them:
// without the app server's rendering.
const h = useHarness({ serverRender: false })

describe('the error catalogue, driven through the gateway fault API', () => {
  it('a forced error code shows the server msg as text, and the retry loads the page', async () => {
    const msg = '<img src=x onerror="window.__xss=1">排课服务维护中'
    await h.fault({ path: '/classes', code: 50001, msg, count: 1 })
    const { page } = await h.phone('android')
    await page.goto(h.url('/schedule'))
    await expectToast(page, msg)
    expect(await page.getByTestId('toast').locator('img').count()).toBe(0)
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
    await page.getByRole('heading', { name: '页面加载失败' }).waitFor()
    // The tab bar stays: the error boundary is the route's, not the app's.
    expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(1)
    await screenshot(page, '12-error-retry', { keepToasts: true })
    await dwell(page)
    await page.getByRole('button', { name: '重试' }).click()
    await page.getByTestId('class-card').first().waitFor()
    await dwell(page)

    const reports = await leaveAndCollect(h, page, 1)
    expectVisits(reports, ['/schedule'])
    await expectTraces(h, ['/schedule'])
  })

  it('a forced code with only tips shows the tips', async () => {
    await h.fault({ path: '/articles', code: 'E_BUSY', msg: '', tips: '文章服务繁忙，请稍后再看', count: 1 })
    const { page } = await h.phone('android')
    await page.goto(h.url('/'))
    await expectToast(page, '文章服务繁忙，请稍后再看')
    await dwell(page)
    expectVisits(await leaveAndCollect(h, page, 1), ['/'])
    await expectTraces(h, ['/'])
  })

  it('a forced code without msg or tips shows the generic request error', async () => {
    await h.fault({ path: '/articles', code: 'E_BUSY', msg: '', tips: '', count: 1 })
    const { page } = await h.phone('android')
    await page.goto(h.url('/'))
    await expectToast(page, '请求错误，请稍后重试')
    await page.getByRole('heading', { name: '页面加载失败' }).waitFor()
    await dwell(page)
    expectVisits(await leaveAndCollect(h, page, 1), ['/'])
    await expectTraces(h, ['/'])
  })

  it('a dropped connection shows the generic request error', async () => {
    // Chromium silently resends a request whose reused keep-alive socket drops before answering, once per
    // idle socket (up to 6 per origin), and a busy machine leaves more sockets idle: every try for the rest of the
    // test is dropped, so the page itself sees the failure (10 ran out once, in a side-by-side run).
    await h.fault({ path: '/classes', drop: true, count: 100 })
    const { page } = await h.phone('android')
    await page.goto(h.url('/schedule'))
    await expectToast(page, '请求错误，请稍后重试')
    await page.getByRole('heading', { name: '页面加载失败' }).waitFor()
    expect(await page.getByText('网络连接不稳定，请检查网络后重试。').count()).toBe(1)
    await dwell(page)
    const reports = await leaveAndCollect(h, page, 1)
    expectVisits(reports, ['/schedule'])
    await expectTraces(h, ['/schedule'])
  })

  it("a proxy's HTML 502 page shows the generic request error", async () => {
    await h.fault({ path: '/classes', http502: true, count: 1 })
    const { page } = await h.phone('android')
    await page.goto(h.url('/schedule'))
    await expectToast(page, '请求错误，请稍后重试')
    await dwell(page)
    expectVisits(await leaveAndCollect(h, page, 1), ['/schedule'])
    await expectTraces(h, ['/schedule'])
  })

  it('a refused booking keeps the customer on the class with the gateway msg', async () => {
    const session = await h.apiLogin()
    const { context, page } = await h.phone('android')
    await context.addCookies([
      { name: 'xdance-head', value: encodeURIComponent(session.head), url: h.url('/') },
      { name: 'xdance-token', value: session.token, url: h.url('/') },
    ])
    const staged = await h.api<{ id?: number; classId?: number }>('/__dev/classes', {
      body: { startsInMinutes: 600, capacity: 5 },
    })
    const classId = staged.id ?? staged.classId
    await h.fault({ path: '/bookings', method: 'POST', code: 40901, msg: '该课程已约满', count: 1 })
    await page.goto(h.url(`/classes/${classId}`))
    await page.getByRole('button', { name: '确认预约' }).click()
    // Said under the form it happened on (issue 18), not in a toast over the page's main action.
    const failure = page.getByTestId('action-failure').filter({ hasText: '该课程已约满' })
    await failure.waitFor()
    expect(await failure.getAttribute('data-failure-kind')).toBe('refused')
    expect(page.url()).toBe(h.url(`/classes/${classId}`))
    expect(await page.getByRole('button', { name: '确认预约' }).isEnabled()).toBe(true)
    await dwell(page)
    // Booking is an action on the page, not a visit: still one visit, one mark.
    expectVisits(await leaveAndCollect(h, page, 1), [`/classes/${classId}`])
    await expectTraces(h, [`/classes/${classId}`])
  })

  it('a 401 clears the tokens and reloads the page once, then asks to sign in', async () => {
    const session = await h.apiLogin()
    const { context, page } = await h.phone('android')
    await context.addCookies([
      { name: 'xdance-head', value: encodeURIComponent(session.head), url: h.url('/') },
      { name: 'xdance-token', value: session.token, url: h.url('/') },
    ])
    let loads = 0
    page.on('load', () => loads++)
    await page.goto(h.url('/me'))
    await page.getByRole('heading', { name: /你好/ }).waitFor()
    await dwell(page)
    // The session is refused (say it was revoked elsewhere): one clear, one reload, no loop.
    await h.fault({ path: '/bookings', code: 401, count: 20 })
    await page
      .getByRole('link', { name: /我的课程/ })
      .first()
      .click()
    await page.waitForURL(/\/login\?redirect=%2Fme$/)
    await page.getByRole('heading', { name: '手机号登录' }).waitFor()
    // No second reload: the page has settled (no request for 500 ms) and still counts two loads.
    await page.waitForLoadState('networkidle')
    expect(loads).toBe(2)
    const names = (await context.cookies()).map((cookie) => cookie.name)
    expect(names).not.toContain('xdance-token')
    expect(await toastTexts(page)).toEqual([])
    await dwell(page)

    // Two or three reports (the refused page may be one, below): collected once the sign-in page's, the last, is in.
    await page.close()
    const reports = await waitUntil(
      () => h.reports(),
      (list) => list.some((report) => pathOf(report.params.url) === '/login'),
    )
    // As with the marks below: the refused page flashes while the reload starts, and on a busy machine it may stay
    // up for the 100 ms a visit needs; then it is reported, once.
    const visited = reports.map((report) => new URL(report.params.url ?? '', h.url('/')).pathname)
    expect([
      ['/me', '/login'],
      ['/me', '/bookings', '/login'],
    ]).toContainEqual(visited)
    expectVisits(reports, visited)
    // The refused page may flash (its error page commits while the reload starts): its mark may get out
    // before the unload, its visit is too short to report. Either way, no page is marked twice.
    const traces = (await h.traces()).map((trace) => trace.body.path)
    expect([
      ['/me', '/login'],
      ['/me', '/bookings', '/login'],
    ]).toContainEqual(traces)
  })
})
