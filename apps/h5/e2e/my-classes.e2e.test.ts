import type { DanceClass, LoginResult } from '@xdance/contract'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot, useHarness } from './support/harness'

// Issue 23 end to end: 我的课程 as one timeline (bookings and waitlist places, leaving a waitlist there), home's
// next class, and notices that follow state: promoted from a waitlist with its notice, and exactly one reminder
// once the studio's clock (the dev API) reaches the reminder's time.

const h = useHarness({ gateway: { limits: { smsPerAddressPerMinute: 100, smsPerMinute: 100 } } })

type Answer<T> = { code: number; msg: string; data: T }
const auth = (session: LoginResult) => ({ authorization: `${session.head}${session.token}` })
type Outbox = Array<{ kind: string; recipient: string; channel: string }>

let phones = 0
async function customer(
  locale: 'zh' | 'en' = 'zh',
): Promise<{ phone: string; session: LoginResult; context: BrowserContext; page: Page }> {
  phones += 1
  const phone = `1370000${String(1000 + phones).slice(-4)}`
  await h.api('/__dev/cards', { body: { phone, name: '10 次卡' } })
  const session = await h.apiLogin(phone)
  const { context, page } = await h.phone('iphone', { viewport: { width: 390, height: 844 } })
  await context.addCookies([
    { name: 'xdance-head', value: encodeURIComponent(session.head), url: h.url('/') },
    { name: 'xdance-token', value: session.token, url: h.url('/') },
  ])
  if (locale === 'en') await context.addInitScript(() => localStorage.setItem('xdance-locale', 'en'))
  return { phone, session, context, page }
}

const stageClass = (body: Record<string, unknown>) => h.api<DanceClass>('/__dev/classes', { body })

describe.each(['zh', 'en'] as const)('我的课程 (%s)', (locale) => {
  const L = {
    zh: { join: '加入候补', tab: '我的课程', place: '候补第 1 位', leave: '退出候补' },
    en: { join: 'Join the waitlist', tab: 'My classes', place: 'Waitlist: #1', leave: 'Leave the waitlist' },
  }[locale]

  it('joins a waitlist from the class, sees the place in 我的课程 beside a booking, and leaves it there', async () => {
    const full = await stageClass({ startsInMinutes: 2 * 24 * 60, capacity: 1, booked: 1, title: 'Waacking' })
    const open = await stageClass({ startsInMinutes: 24 * 60, title: 'Popping' })
    const { session, page } = await customer(locale)
    const booked = await h.api<Answer<unknown>>('/bookings', {
      body: { classId: open.id },
      headers: auth(session),
    })
    expect(booked.code).toBe(200)
    await page.goto(h.url(`/classes/${full.id}`))
    await page.getByRole('button', { name: L.join }).click()
    await page.getByTestId('on-waitlist').waitFor()
    await page.getByRole('navigation').getByRole('link', { name: L.tab }).click()
    const place = page.locator(`[data-testid="waiting"][data-class-id="${full.id}"]`)
    await place.waitFor()
    expect(await place.textContent()).toContain(L.place)
    // One timeline by start time: tomorrow's booking, then the waitlist place the day after.
    const lines = await page
      .locator('[data-testid="booking"], [data-testid="waiting"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))
    expect(lines.indexOf('booking')).toBeLessThan(lines.indexOf('waiting'))
    await screenshot(page, `issue-23-my-classes-${locale}`)
    // 320 px wide: nothing scrolls sideways, and the leave button stays a 44 px target.
    await page.setViewportSize({ width: 320, height: 700 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(320)
    expect((await place.getByRole('button', { name: L.leave }).boundingBox())?.height).toBeGreaterThanOrEqual(
      44,
    )
    await place.getByRole('button', { name: L.leave }).click()
    await place.waitFor({ state: 'detached' })
    const after = await h.api<Answer<{ list: DanceClass[] }>>('/me/waitlist', { headers: auth(session) })
    expect(after.data.list).toEqual([])
    // Home shows my next class.
    await page.goto(h.url('/'))
    const next = page.getByTestId('home-next')
    await next.waitFor()
    expect(await next.textContent()).toContain('Popping')
  })
})

describe('notices that follow state', () => {
  it('promoted from the waitlist when someone cancels: the notice says so, sent once, and the tab shows unread', async () => {
    const item = await stageClass({ startsInMinutes: 24 * 60, capacity: 1, title: 'Locking' })
    const other = await customer()
    expect(
      (
        await h.api<Answer<{ id: number }>>('/bookings', {
          body: { classId: item.id },
          headers: auth(other.session),
        })
      ).code,
    ).toBe(200)
    const me = await customer()
    const joined = await h.api<Answer<unknown>>(`/classes/${item.id}/waitlist`, {
      body: {},
      headers: auth(me.session),
    })
    expect(joined.code).toBe(200)
    const { upcoming } = (
      await h.api<Answer<{ upcoming: Array<{ id: number }> }>>('/bookings', { headers: auth(other.session) })
    ).data
    const cancelled = await h.api<Answer<unknown>>(`/bookings/${upcoming[0]?.id}/cancel`, {
      body: {},
      headers: auth(other.session),
    })
    expect(cancelled.code).toBe(200)
    await me.page.goto(h.url('/bookings'))
    await me.page.locator('[data-testid="booking"]').filter({ hasText: 'Locking' }).waitFor()
    await me.page.getByTestId('unread-badge').first().waitFor()
    await me.page.goto(h.url('/notices'))
    const promoted = me.page.locator('[data-testid="notice"][data-kind="waitlist-promoted"]')
    await promoted.waitFor()
    expect(await promoted.getAttribute('data-read')).toBe('false')
    await h.api('/__dev/scheduler/tick', { body: {} })
    const outbox = await h.api<Outbox>('/__dev/outbox')
    expect(outbox.filter((m) => m.kind === 'waitlist-promoted' && m.recipient === me.phone)).toHaveLength(1)
    await screenshot(me.page, 'issue-23-notices-zh')
  })

  it('a notice about a class shows it as it is now: cancelled by me, moved by the studio', async () => {
    const item = await stageClass({ startsInMinutes: 24 * 60, title: 'Voguing' })
    const me = await customer()
    const booked = await h.api<Answer<{ id: number }>>('/bookings', {
      body: { classId: item.id },
      headers: auth(me.session),
    })
    expect(booked.code).toBe(200)
    // The studio moves it (the dev API plays the studio): one class-changed notice.
    const changed = await h.api<{ told: number }>(`/__dev/classes/${item.id}/change`, {
      body: { room: 'C 教室' },
    })
    expect(changed.told).toBe(1)
    await me.page.goto(h.url('/notices'))
    const moved = me.page.locator('[data-testid="notice"][data-kind="class-changed"]')
    await moved.waitFor()
    expect(await moved.getByTestId('notice-class').textContent()).toMatch(/^课程现在：已预约 · .* · C 教室$/)
    // I cancel: a booking-cancelled notice, and the older ones now say the booking is cancelled.
    const cancelled = await h.api<Answer<unknown>>(`/bookings/${booked.data.id}/cancel`, {
      body: {},
      headers: auth(me.session),
    })
    expect(cancelled.code).toBe(200)
    await me.page.reload()
    await me.page.locator('[data-testid="notice"][data-kind="booking-cancelled"]').waitFor()
    const states = await me.page
      .getByTestId('notice-class')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-mine')))
    expect(states).toEqual(['cancelled', 'cancelled', 'cancelled'])
    await h.api('/__dev/scheduler/tick', { body: {} })
    const outbox = await h.api<Outbox>('/__dev/outbox')
    const mine = outbox.filter((m) => m.recipient === me.phone).map((m) => `${m.kind} ${m.channel}`)
    expect(mine.sort()).toEqual(['booking-cancelled sms', 'booking-confirmed sms', 'class-changed sms'])
    await screenshot(me.page, 'issue-23-notices-state-zh')
  })

  it('the studio cancels a booked class: the notice says so, and 我的课程 shows the booking cancelled', async () => {
    const item = await stageClass({ startsInMinutes: 24 * 60, title: 'House' })
    const me = await customer()
    const booked = await h.api<Answer<{ id: number }>>('/bookings', {
      body: { classId: item.id },
      headers: auth(me.session),
    })
    expect(booked.code).toBe(200)
    expect(await h.api(`/__dev/classes/${item.id}/cancel`, { body: {} })).toEqual({ told: 1 })
    await me.page.goto(h.url('/notices'))
    const cancelled = me.page.locator('[data-testid="notice"][data-kind="class-cancelled"]')
    await cancelled.waitFor()
    expect(await cancelled.getByTestId('notice-class').textContent()).toMatch(/^课程现在：课程已取消 · /)
    await me.page.goto(h.url('/bookings'))
    await me.page.getByRole('heading', { name: '我的课程' }).waitFor()
    const line = me.page.locator('[data-testid="booking"]').filter({ hasText: 'House' })
    expect(await line.getByTestId('booking-status').textContent()).toBe('已取消')
    expect(await line.getByRole('button').count()).toBe(0)
  })

  it('exactly one reminder once the studio’s clock reaches the reminder time, however often it runs', async () => {
    const item = await stageClass({ startsInMinutes: 5 * 60, title: 'Breaking' })
    const me = await customer('en')
    const booked = await h.api<Answer<unknown>>('/bookings', {
      body: { classId: item.id },
      headers: auth(me.session),
    })
    expect(booked.code).toBe(200)
    const reminders = async () =>
      (await h.api<Outbox>('/__dev/outbox')).filter(
        (m) => m.kind === 'class-reminder' && m.recipient === me.phone,
      ).length
    await h.api('/__dev/scheduler/tick', { body: {} })
    expect(await reminders()).toBe(0)
    // Three hours and a minute later the class is within the two hours of the reminder.
    await h.api('/__dev/clock', { body: { advanceMs: 3 * 60 * 60_000 + 60_000 } })
    expect(await reminders()).toBe(1)
    await h.api('/__dev/clock', { body: { advanceMs: 60_000 } })
    await h.api('/__dev/scheduler/tick', { body: {} })
    expect(await reminders()).toBe(1)
    await me.page.goto(h.url('/notices'))
    const reminder = me.page.locator('[data-testid="notice"][data-kind="class-reminder"]')
    await reminder.waitFor()
    expect(await reminder.getByRole('link').first().getAttribute('href')).toBe(`/classes/${item.id}`)
    await screenshot(me.page, 'issue-23-notices-en')
  })

  it('past classes in 我的课程 say whether I came (the studio’s check-in) or cancelled', async () => {
    const came = await stageClass({ startsInMinutes: 60, title: 'Tutting' })
    const missed = await stageClass({ startsInMinutes: 90, title: 'Krump' })
    const me = await customer()
    const ids: number[] = []
    for (const item of [came, missed]) {
      const booked = await h.api<Answer<{ id: number }>>('/bookings', {
        body: { classId: item.id },
        headers: auth(me.session),
      })
      ids.push(booked.data.id)
    }
    await h.api('/__dev/clock', { body: { advanceMs: 3 * 60 * 60_000 } })
    await h.api(`/__dev/bookings/${ids[0]}/attendance`, { body: { attended: true } })
    await h.api(`/__dev/bookings/${ids[1]}/attendance`, { body: { attended: false } })
    await me.page.goto(h.url('/bookings?tab=past'))
    const chip = (title: string) =>
      me.page
        .locator('[data-testid="booking"]')
        .filter({ hasText: title })
        .getByTestId('booking-status')
        .textContent()
    await me.page.locator('[data-testid="booking"]').filter({ hasText: 'Krump' }).waitFor()
    expect(await chip('Tutting')).toBe('已上课')
    expect(await chip('Krump')).toBe('缺课')
    await screenshot(me.page, 'issue-23-my-classes-past-zh')
  })
})
