import { describe, expect, it } from 'vitest'
import { DEMO_PHONE, dwell, useHarness } from './support/harness'

// Issue 21: toasts are announced, sit under the header clear of the page's main action, and go with their page.

const h = useHarness()

describe('toasts', () => {
  it('are announced, never cover the main action, and are gone once the page changes', async () => {
    const { page } = await h.phone('iphone')
    await page.goto(h.url('/login'))
    await page.getByRole('heading', { name: '手机号登录', level: 1 }).waitFor()
    await dwell(page)
    await page.getByLabel('手机号').fill(DEMO_PHONE)
    await page.getByRole('checkbox', { name: '我已阅读并同意用户协议和隐私政策' }).check()
    await page.getByRole('button', { name: '获取验证码' }).click()
    const toast = page.getByTestId('toast')
    await toast.waitFor()
    expect(await toast.textContent()).toBe('验证码已发送')
    // Announced: the toast sits in a polite live region.
    expect(await page.getByRole('status').filter({ has: toast }).getAttribute('aria-live')).toBe('polite')

    // Clear of the page's controls: the sign-in button, the code button and the fields.
    const box = await toast.boundingBox()
    if (!box) throw new Error('the toast has no box')
    for (const control of [
      page.getByRole('button', { name: '登录', exact: true }),
      page.getByRole('button', { name: /获取验证码|秒后重发/ }),
      page.getByLabel('验证码'),
    ]) {
      const other = await control.boundingBox()
      if (!other) throw new Error('a control has no box')
      const overlaps =
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height
      expect(overlaps).toBe(false)
    }

    // The page's clock stops: the toast's own 3 s cannot run out, only the navigation can take it away.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100)
    expect(await toast.count()).toBe(1)
    await page.getByRole('link', { name: '用户协议' }).click()
    await page.getByRole('heading', { name: '用户协议', level: 1 }).waitFor()
    await toast.waitFor({ state: 'detached', timeout: 5000 })
  })
})
