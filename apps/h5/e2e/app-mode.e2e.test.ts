import { describe, expect, it } from 'vitest'
import { dwell, screenshot, useHarness } from './support/harness'
import { expectTraces, expectVisits, leaveAndCollect } from './support/tracking'

const h = useHarness()

describe('app mode (inside the studio app)', () => {
  it('uses the app-token the native app set: no sign-in screen, no web chrome', async () => {
    const session = await h.apiLogin()
    const { context, page } = await h.phone('android')
    // What the native app does before opening the page: the head and its own token cookie.
    await context.addCookies([
      { name: 'xdance-head', value: encodeURIComponent(session.head), url: h.url('/') },
      { name: 'app-token', value: session.token, url: h.url('/') },
    ])
    const authorizations: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/dance-gateway/bookings'))
        authorizations.push(request.headers().authorization ?? '')
    })

    await page.goto(h.url('/?source=app'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(0)
    expect(await page.locator('header').count()).toBe(0)
    await screenshot(page, '10-app-mode-home')
    await dwell(page)

    // The mode is remembered for the session: a later page without source=app stays in app mode.
    await page.getByRole('link', { name: '查看课表' }).click()
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    await dwell(page)

    // The sign-in screen does not exist in app mode.
    await page.evaluate(() => {
      history.pushState(null, '', '/login?redirect=%2Fbookings')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.waitForURL(h.url('/'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    await dwell(page)

    await page.goto(h.url('/bookings'))
    await page.getByRole('heading', { name: '我的课程' }).waitFor()
    expect(authorizations.at(-1)).toBe(`${session.head}${session.token}`)
    await dwell(page)
    await page.goto(h.url('/me'))
    await page.getByRole('heading', { name: /你好/ }).waitFor()
    expect(await page.getByRole('button', { name: '退出登录' }).count()).toBe(0)
    await screenshot(page, '11-app-mode-me')
    await dwell(page)

    // A page outside the tab bar keeps a bar with only the back button (the shell may have none); opened
    // directly, it goes to the page's parent in its place.
    await page.goto(h.url('/cards'))
    await page.getByRole('heading', { name: '我的会员卡' }).waitFor()
    expect(await page.locator('header').count()).toBe(0)
    await screenshot(page, '17-app-mode-cards-back')
    await dwell(page)
    await page.getByRole('button', { name: '返回' }).click()
    await page.waitForURL(h.url('/me'))
    await page.getByRole('heading', { name: /你好/ }).waitFor()
    await dwell(page)

    const paths = ['/', '/schedule', '/', '/bookings', '/me', '/cards', '/me']
    const reports = await leaveAndCollect(h, page, paths.length)
    expectVisits(reports, paths)
    await expectTraces(h, paths)
  })

  it('without the app session, a page that needs sign-in asks to sign in in the app', async () => {
    const { page } = await h.phone('android')
    await page.goto(h.url('/cards?source=app'))
    await page.getByRole('heading', { name: '请先在 App 内登录' }).waitFor()
    expect(page.url()).toBe(h.url('/cards?source=app'))
    await dwell(page)
    expectVisits(await leaveAndCollect(h, page, 1), ['/cards'])
    await expectTraces(h, ['/cards'])
  })
})
