import { describe, expect, it } from 'vitest'
import { appStarted, dwell, screenshot, useHarness } from './support/harness'
import { expectToast, expectTraces, expectVisits, leaveAndCollect } from './support/tracking'

// Its own file so the 20 s wait (the spec's timeout, as built) runs beside the other journeys.
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
    const started = Date.now()
    await page.getByRole('link', { name: '课表' }).last().click()
    await expectToast(page, '请求超时，请重试', 30_000)
    expect(Date.now() - started).toBeGreaterThanOrEqual(19_000)
    await page.getByRole('heading', { name: '页面加载失败' }).waitFor()
    await screenshot(page, '13-timeout', { keepToasts: true })
    await page.getByRole('button', { name: '重试' }).click()
    await page.getByTestId('class-card').first().waitFor()
    const reports = await leaveAndCollect(h, page, 1)
    expectVisits(reports, ['/', '/schedule'])
    await expectTraces(h, ['/', '/schedule'])
  })
})
