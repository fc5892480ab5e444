import { describe, expect, it } from 'vitest'
import { dwell, PREFIX, useHarness } from './support/harness'
import { leaveAndCollect, pathOf } from './support/tracking'
import { WECHAT_ANDROID_UA } from './support/wechat'

// Every setting empty (a deployment without an official account or icon font): the app behaves as before.
const h = useHarness({ gateway: { wechat: false } })

const WECHAT_HOSTS = /(^|\.)(weixin\.qq\.com|wx\.qq\.com|qq\.com|alicdn\.com)$/

describe('WeChat settings empty', () => {
  it('the page says so, its policy is the plain one, and inside WeChat nothing goes to WeChat', async () => {
    const html = await (await fetch(h.url('/'))).text()
    expect(/id="xdance-settings">(.*?)<\/script>/.exec(html)?.[1]).toBe(
      '{"officialAccountAppId":"","oauthAuthorizeURL":"","jsSdkScriptURL":"","iconFontScriptURL":""}',
    )
    const csp = (await fetch(h.url('/'))).headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')*; style-src/)
    expect(csp).not.toMatch(/https?:/)
    expect(csp).toContain("img-src 'self' data:; connect-src 'self';")

    const { page } = await h.phone('android', { userAgent: WECHAT_ANDROID_UA })
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto(h.url('/marketing/article?id=1&sharer=77'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    await dwell(page, 800)
    await page.goto(h.url('/classes/1'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    await dwell(page, 800)

    const origin = new URL(h.app.url).origin
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([])
    expect(requests.filter((url) => WECHAT_HOSTS.test(new URL(url).hostname))).toEqual([])
    expect(requests.filter((url) => url.includes(`${PREFIX}/wechat`))).toEqual([])
    expect(page.url()).toBe(h.url('/classes/1'))
    expect(await page.evaluate(() => localStorage.getItem('openId'))).toBeNull()
    // The built-in icons, no icon font.
    expect(await page.evaluate(() => document.documentElement.classList.contains('icon-font'))).toBe(false)
    expect(await page.locator('nav svg path').first().isVisible()).toBe(true)

    const reports = await leaveAndCollect(h, page, 2)
    expect(reports.map((r) => pathOf(r.params.url))).toEqual(['/marketing/article', '/classes/1'])
    expect(reports.map((r) => r.params.openId)).toEqual(['', ''])
  })

  it('an ordinary browser shares as before: the link with the reader, copied', async () => {
    // Headless Chromium on Linux has no share sheet, so the link goes to the clipboard (today's path).
    const { page } = await h.phone('android', { permissions: ['clipboard-read', 'clipboard-write'] })
    await page.goto(h.url('/marketing/article?id=1&sharer=77'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.getByRole('button', { name: '分享给朋友' }).click()
    await page.getByTestId('toast').filter({ hasText: '链接已复制' }).first().waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(h.url('/marketing/article?id=1'))
    expect(await page.getByTestId('share-hint').count()).toBe(0)
  })
})
