import { describe, expect, it } from 'vitest'
import { appStarted, dwell, screenshot, useHarness } from './support/harness'
import { expectToast, expectTraces, expectVisits, leaveAndCollect } from './support/tracking'

// The spec's 20 s timeout, as built, on the page's clock.
const h = useHarness({ resetBeforeEach: false })

describe('a gateway slower than the 20 s timeout', () => {
  it('shows the timeout toast and the retry page', async () => {
    await h.fault({ path: '/classes', delayMs: 21_000, count: 1 })
    const { page } = await h.phone('android')
    // Home comes rendered by the gateway, with its data (its calls never cross the faulty network); the
    // schedule's call is the browser's own, when the customer taps its tab.
    await page.goto(h.url('/'))
    await appStarted(page)
    await dwell(page)
    // The client's 20 s window runs on the page's clock: once the schedule's call is on the wire, the clock moves a
    // second at a time until the call fails, and the page's own time says when that was. Nothing waits 20 s.
    const call = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/classes'))
    let failed = false
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname.endsWith('/classes')) failed = true
    })
    // The page's time before the tap: the call's timer starts after it.
    const tapped = await page.evaluate(() => Date.now())
    await page.getByRole('link', { name: '课表' }).last().click()
    await call
    for (let second = 0; !failed; second++) {
      expect(second, 'the call is still pending 30 s on').toBeLessThan(30)
      await page.clock.fastForward(1_000)
      // A round trip through the page, so an abort due by now has reached the test.
      await page.evaluate(() => document.readyState)
    }
    // Seen at the first step after the abort: 20 s after the tap at the earliest, and not much later.
    const failedAfter = (await page.evaluate(() => Date.now())) - tapped
    expect(failedAfter).toBeGreaterThanOrEqual(20_000)
    expect(failedAfter).toBeLessThan(26_000)
    await expectToast(page, '请求超时，请重试')
    await page.getByRole('heading', { name: '页面加载失败' }).waitFor()
    await screenshot(page, '13-timeout', { keepToasts: true })
    await page.getByRole('button', { name: '重试' }).click()
    await page.getByTestId('class-card').first().waitFor()
    // Both visits: waiting for one returned before the schedule's report (sent as the tab closes) had arrived.
    const visited = ['/', '/schedule']
    expectVisits(await leaveAndCollect(h, page, visited.length), visited)
    await expectTraces(h, visited)
  })
})
