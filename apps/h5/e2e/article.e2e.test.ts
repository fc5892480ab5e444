import { describe, expect, it } from 'vitest'
import { dwell, screenshot, useHarness } from './support/harness'
import { expectToast, expectTraces, expectVisits, leaveAndCollect } from './support/tracking'

const h = useHarness()

describe('the marketing article', () => {
  it('reads signed out on an iPhone, reporting contentId and sharer, with its own trace mark', async () => {
    const { page } = await h.phone('iphone')
    await page.goto(h.url('/marketing/article?id=2&sharer=20001'))
    const heading = page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    const title = (await heading.textContent()) ?? ''
    expect(title).toMatch(/\S/)
    expect(await page.getByTestId('article-body').locator('p').count()).toBeGreaterThan(1)
    await expect.poll(() => page.title()).toBe(`${title} · xdance 舞蹈`)
    await screenshot(page, '09-article-iphone')
    await dwell(page, 400)
    await page.getByRole('link', { name: '更多课程' }).click()
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    await dwell(page)

    const reports = await leaveAndCollect(h, page, 2)
    expectVisits(reports, ['/marketing/article', '/schedule'])
    expect(reports[0]?.params).toMatchObject({ contentId: '2', sharer: '20001', openId: '', orgId: '' })
    expect(reports[1]?.params).not.toHaveProperty('contentId')
    // autoReport: false: no automatic mark for the article, one from the page with its id.
    const traces = await expectTraces(h, ['/marketing/article', '/schedule'])
    expect(JSON.parse(traces[0]?.body.extra ?? '')).toEqual({ articleId: '2' })
    expect(traces[0]?.body.url).toBe(h.url('/marketing/article?id=2&sharer=20001'))
    expect(traces[1]?.body.extra).toBe('')
  })

  it('opened directly from a shared link, goes back to home in its place, inside the app', async () => {
    const { page } = await h.phone('android')
    await page.goto(h.url('/marketing/article?id=1&sharer=20001'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    const historyLength = await page.evaluate(() => history.length)
    await screenshot(page, '16-article-back-button')
    await dwell(page)
    await page.getByRole('banner').getByRole('button', { name: '返回' }).click()
    await page.waitForURL(h.url('/'))
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }).waitFor()
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(new URL(page.url()).origin).toBe(new URL(h.url('/')).origin)
    // Replaced, not pushed: the link's entry now holds home, with nothing of ours piled behind it.
    expect(await page.evaluate(() => history.length)).toBe(historyLength)
    await dwell(page)

    const reports = await leaveAndCollect(h, page, 2)
    expectVisits(reports, ['/marketing/article', '/'])
    const traces = await expectTraces(h, ['/marketing/article', '/'])
    expect(JSON.parse(traces[0]?.body.extra ?? '')).toEqual({ articleId: '1' })
  })

  it('on Android sends no contentId or sharer (the rule is iPhone-only, as the spec says)', async () => {
    const { page } = await h.phone('android')
    await page.goto(h.url('/marketing/article?id=1&sharer=20001'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    await dwell(page)
    const reports = await leaveAndCollect(h, page, 1)
    expectVisits(reports, ['/marketing/article'])
    expect(reports[0]?.params).not.toHaveProperty('contentId')
    expect(reports[0]?.params).not.toHaveProperty('sharer')
    const traces = await expectTraces(h, ['/marketing/article'])
    expect(JSON.parse(traces[0]?.body.extra ?? '')).toEqual({ articleId: '1' })
  })

  it('shares a link naming the signed-in customer as the sharer', async () => {
    const session = await h.apiLogin()
    const { context, page } = await h.phone('iphone', { permissions: ['clipboard-read', 'clipboard-write'] })
    await context.addCookies([
      { name: 'xdance-head', value: encodeURIComponent(session.head), url: h.url('/') },
      { name: 'xdance-token', value: session.token, url: h.url('/') },
    ])
    await page.goto(h.url('/'))
    await page.evaluate((userId) => localStorage.setItem('userId', userId), session.userId)
    await dwell(page)
    await page.goto(h.url('/marketing/article?id=3'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    // Headless Chromium on Linux has no share sheet, so the link goes to the clipboard.
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }))
    await page.getByRole('button', { name: '分享给朋友' }).click()
    await expectToast(page, '链接已复制，快去分享吧')
    const link = await page.evaluate(() => navigator.clipboard.readText())
    expect(link).toBe(h.url(`/marketing/article?id=3&sharer=${session.userId}`))
    await dwell(page)

    const reports = await leaveAndCollect(h, page, 2)
    expectVisits(reports, ['/', '/marketing/article'])
    // No sharer in the opened link: the report says so with an empty value.
    expect(reports[1]?.params).toMatchObject({ contentId: '3', sharer: '' })
    const traces = await expectTraces(h, ['/', '/marketing/article'])
    expect(traces[1]?.body).toMatchObject({
      userId: session.userId,
      extra: JSON.stringify({ articleId: '3' }),
    })
    expect(traces[1]?.hasAuthorization).toBe(true)
  })

  it('shows the not-found page for an article id that is not a number', async () => {
    const { page } = await h.phone('android')
    await page.goto(h.url('/marketing/article?id=abc'))
    await page.getByRole('heading', { name: '页面不存在' }).waitFor()
    await dwell(page)
    expectVisits(await leaveAndCollect(h, page, 1), ['/marketing/article'])
    // autoReport: false and no article to mark: no trace at all.
    expect(await h.traces()).toEqual([])
  })

  it('shows the not-found page, not a retry, for an article the gateway does not have', async () => {
    const { page } = await h.phone('android')
    await page.goto(h.url('/marketing/article?id=9999'))
    await page.getByRole('heading', { name: '页面不存在' }).waitFor()
    await expectToast(page, '文章不存在')
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0)
    await dwell(page)
    expectVisits(await leaveAndCollect(h, page, 1), ['/marketing/article'])
    expect(await h.traces()).toEqual([])
  })
})
