import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_PHONE, useHarness } from './support/harness'

const h = useHarness()

/**
 * Collects every Content-Security-Policy violation of a page: the DOM event and Chromium's console report. The
 * returned function answers the violations since the last call (the in-page list starts afresh on each load).
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) reported.push(`console: ${message.text()}`)
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.defineProperty(window, '__cspViolations', { value: seen })
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      )
    })
  })
  return async () => {
    const inPage = await page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => [] as string[])
    // Console reports are drained, so that each page's are reported once.
    return [...reported.splice(0), ...inPage]
  }
}

describe('security headers of the app', () => {
  it('every screen runs under the Content-Security-Policy with no violation, signed out and signed in', async () => {
    const classes = await h.api<{ data: { list: Array<{ id: number }> } }>('/classes')
    const classId = classes.data.list[0]?.id
    expect(classId).toBeDefined()
    const { page } = await h.phone('android')
    const violations = await watchViolations(page)
    const all: string[] = []

    for (const path of ['/', '/schedule', `/classes/${classId}`, '/marketing/article?id=1', '/login']) {
      const response = await page.goto(h.url(path))
      const headers = response?.headers() ?? {}
      expect(headers['content-security-policy'], path).toMatch(
        /^default-src 'self'; script-src 'self'[^;]*; style-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'$/,
      )
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
      expect(headers['x-content-type-options'], path).toBe('nosniff')
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await page.waitForLoadState('networkidle')
      all.push(...(await violations()).map((v) => `${path}: ${v}`))
    }

    // Sign in through the form (the login page is the last one open), then the signed-in bookings page.
    await page.getByLabel('手机号').fill(DEMO_PHONE)
    const apiAnswers: Array<Record<string, string>> = []
    page.on('response', (response) => {
      if (response.url().includes('/dance-gateway/')) apiAnswers.push(response.headers())
    })
    // Consent to the terms and privacy policy comes before the first code (issue 21).
    await page.getByRole('checkbox', { name: '我已阅读并同意用户协议和隐私政策' }).check()
    await page.getByRole('button', { name: '获取验证码' }).click()
    const sms = await waitForCode()
    await page.getByLabel('验证码').fill(sms)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    all.push(...(await violations()).map((v) => `after sign-in: ${v}`))
    await page.goto(h.url('/bookings'))
    await page.getByRole('heading', { name: '我的课程' }).waitFor()
    await page.waitForLoadState('networkidle')
    all.push(...(await violations()).map((v) => `/bookings: ${v}`))

    expect(all).toEqual([])
    // The signed-in API answers the page read were never to be stored.
    expect(apiAnswers.length).toBeGreaterThan(0)
    for (const headers of apiAnswers) {
      expect(headers['cache-control']).toContain('no-store')
      expect(headers['x-content-type-options']).toBe('nosniff')
    }
  })
})

async function waitForCode(): Promise<string> {
  for (let i = 0; i < 50; i++) {
    // Until the code is sent the dev API answers a 40401 envelope, whose `code` is a number.
    const sms = await h.api<{ code?: unknown }>(`/__dev/sms?phone=${DEMO_PHONE}`)
    if (typeof sms.code === 'string') return sms.code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('no code was sent')
}
