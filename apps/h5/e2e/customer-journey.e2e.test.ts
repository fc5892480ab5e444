import { describe, expect, it } from 'vitest'
import { DEMO_PHONE, dwell, screenshot, useHarness } from './support/harness'
import { expectToast, expectTraces, expectVisits, leaveAndCollect } from './support/tracking'

const h = useHarness()

describe('a customer on an Android phone, web mode', () => {
  it('signs in, browses the schedule, opens a class and goes back, books, sees the booking, cancels, and signs out', async () => {
    const { context, page } = await h.phone('android')
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))

    // A page that needs sign-in sends the visitor to sign in, with the way back.
    await page.goto(h.url('/bookings'))
    await page.waitForURL(/\/login\?redirect=%2Fbookings$/)
    await page.getByRole('heading', { name: '手机号登录' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN')
    await page.getByLabel('手机号').fill(DEMO_PHONE)
    // Consent to the terms and privacy policy comes before the first code (issue 21).
    await page.getByRole('checkbox', { name: '我已阅读并同意用户协议和隐私政策' }).check()
    await page.getByRole('button', { name: '获取验证码' }).click()
    await expectToast(page, '验证码已发送')
    const sms = await h.api<{ code: string }>(`/__dev/sms?phone=${DEMO_PHONE}`)
    await page.getByLabel('验证码').fill(sms.code)
    await screenshot(page, '01-login')
    await page.getByRole('button', { name: '登录', exact: true }).click()

    // Back where the customer was going, signed in: cookies and identifiers kept as the spec says.
    await page.waitForURL(/\/bookings$/)
    await page.getByRole('heading', { name: '我的课程' }).waitFor()
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]))
    expect(cookies['xdance-head']).toBe('Bearer%20')
    expect(cookies['xdance-token']).toMatch(/^[\w-]{43}$/)
    const stored = await page.evaluate(() => ({
      orgId: localStorage.getItem('orgId'),
      openId: localStorage.getItem('openId'),
      userId: localStorage.getItem('userId'),
    }))
    expect(stored).toEqual({
      orgId: '10001',
      openId: expect.stringMatching(/\S/),
      userId: expect.stringMatching(/^\d+$/),
    })
    await dwell(page)

    // Schedule: the two-week strip, then tomorrow's classes.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '课表' }).click()
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    await dwell(page)
    const days = page.getByRole('navigation', { name: '选择日期' }).getByRole('link')
    expect(await days.count()).toBe(14)
    await days.nth(1).click()
    await page.waitForURL(/\/schedule\?date=\d{4}-\d{2}-\d{2}$/)
    await expect.poll(() => days.nth(1).getAttribute('aria-current')).toBe('date')
    await page.getByTestId('class-card').first().waitFor()
    await screenshot(page, '02-schedule')
    await dwell(page)

    // A class with seats, open to any age (a children's class is not this customer's): its detail, booked with a
    // chosen card.
    const open = page
      .locator('[data-testid="class-card"]:not([data-ages])')
      .filter({ hasText: /剩余 \d+ 位/ })
      .filter({ hasNotText: '已预约' })
      .first()
    const title = (await open.getByRole('heading').textContent()) ?? ''
    const scheduleUrl = page.url()
    await open.click()
    await page.waitForURL(/\/classes\/\d+$/)
    const classPath = new URL(page.url()).pathname
    await page.getByRole('heading', { name: title, level: 1 }).waitFor()
    await dwell(page)

    // The header's back button returns to the day the class was opened from (history back: a pop), then the
    // customer opens the class again.
    const historyLength = await page.evaluate(() => history.length)
    await page.getByRole('banner').getByRole('button', { name: '返回' }).click()
    await page.waitForURL(scheduleUrl)
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    await expect.poll(() => days.nth(1).getAttribute('aria-current')).toBe('date')
    expect(await page.evaluate(() => history.length)).toBe(historyLength)
    expect(await page.getByRole('button', { name: '返回' }).count()).toBe(0)
    await dwell(page)
    await open.click()
    await page.waitForURL(page.url().replace(/\/schedule.*$/, classPath))
    await page.getByRole('heading', { name: title, level: 1 }).waitFor()
    const cardChoices = page.getByRole('radio')
    expect(await cardChoices.count()).toBeGreaterThan(0)
    await expect.poll(() => cardChoices.first().isChecked()).toBe(true)
    await screenshot(page, '03-class-detail')
    await page.getByRole('button', { name: '确认预约' }).click()
    await page.getByTestId('booking-result').getByRole('heading', { name: '预约成功' }).waitFor()
    await screenshot(page, '04-booked')
    await dwell(page)

    // My bookings shows it; cancel it (two taps), the credit comes back.
    await page.getByTestId('booking-result').getByRole('link', { name: '查看我的课程' }).click()
    await page.waitForURL(/\/bookings$/)
    const booking = page.getByTestId('booking').filter({ hasText: title })
    await booking.waitFor()
    expect(await booking.textContent()).toContain('已预约')
    await screenshot(page, '05-bookings')
    await dwell(page)
    await booking.getByRole('button', { name: '取消预约' }).click()
    await booking.getByRole('button', { name: '确认取消' }).click()
    await expectToast(page, '已取消预约，次数已退回')
    await booking.getByText('已取消').waitFor()
    const bookings = await h.api<{ data: { upcoming: Array<{ status: string; class: { title: string } }> } }>(
      '/bookings',
      { headers: { authorization: `Bearer ${cookies['xdance-token']}` } },
    )
    expect(bookings.data.upcoming.find((item) => item.class.title === title)?.status).toBe('cancelled')

    // Me, then my cards, back (a pop navigation), and sign out.
    await page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: /^我的(?!课程)/ })
      .click()
    await page.getByRole('heading', { name: /你好/ }).waitFor()
    await screenshot(page, '06-me')
    await dwell(page)
    await page.getByRole('link', { name: /我的会员卡/ }).click()
    await page.getByRole('heading', { name: '我的会员卡' }).waitFor()
    expect(await page.getByTestId('membership-card').count()).toBeGreaterThan(0)
    await screenshot(page, '07-cards')
    await dwell(page)
    await page.goBack()
    await page.getByRole('heading', { name: /你好/ }).waitFor()
    await dwell(page)
    await page.getByRole('button', { name: '退出登录' }).click()
    await page.waitForURL(h.url('/'))
    await expectToast(page, '已退出登录')
    const after = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]))
    expect(after['xdance-token']).toBeUndefined()
    expect(await page.evaluate(() => localStorage.getItem('userId'))).toBeNull()
    await page.getByRole('heading', { level: 1 }).waitFor()
    await screenshot(page, '08-home-signed-out')
    await dwell(page)

    const paths = [
      '/login',
      '/bookings',
      '/schedule',
      '/schedule',
      classPath,
      '/schedule',
      classPath,
      '/bookings',
      '/me',
      '/cards',
      '/me',
      '/',
    ]
    const reports = await leaveAndCollect(h, page, paths.length)
    expectVisits(reports, paths)
    // Signed in from the second visit on: the stored identifiers go with every later report.
    for (const report of reports.slice(1)) expect(report.params.orgId).toBe('10001')
    await expectTraces(h, paths)
    expect(errors).toEqual([])
  })

  it("a shared link to a page that needs sign-in: the browser's back from /login does not bounce back to /login", async () => {
    const { page } = await h.phone('android')
    await page.goto(h.url('/'))
    await page.getByRole('heading', { name: '今日课程' }).waitFor()
    // Opened as a fresh load (as from a chat app), signed out: the sign-in page takes the gated page's place.
    await page.goto(h.url('/cards'))
    await page.waitForURL(/\/login\?redirect=%2Fcards$/)
    await page.getByRole('heading', { name: '手机号登录' }).waitFor()
    await page.goBack()
    await page.waitForURL(h.url('/'))
    await page.getByRole('heading', { name: '今日课程' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
  })
})
