import type { Booking, DanceClass, LoginResult, TeacherRatings } from '@xdance/contract'
import { describe, expect, it } from 'vitest'
import { screenshot, useHarness } from './support/harness'

// Issue 31 end to end: a customer rates an attended class from 我的课程 (one not attended is refused, and never
// asked about), and a teacher's page shows the average only from the third rating on.

const h = useHarness({ gateway: { limits: { smsPerAddressPerMinute: 100, smsPerMinute: 100 } } })

type Answer<T> = { code: number; msg: string; data: T }
const auth = (session: LoginResult) => ({ authorization: `${session.head}${session.token}` })
const TEACHER = 5

let phones = 0
async function customer(): Promise<LoginResult> {
  phones += 1
  const phone = `1350000${String(3000 + phones).slice(-4)}`
  await h.api('/__dev/cards', { body: { phone, credits: 5 } })
  return h.apiLogin(phone)
}

/** A booking of `klass` by `session`, checked in by the emulated front desk when `attend`. */
async function book(session: LoginResult, klass: DanceClass, attend: boolean): Promise<Booking> {
  const booked = await h.api<Answer<Booking>>('/bookings', {
    body: { classId: klass.id },
    headers: auth(session),
  })
  expect(booked.code).toBe(200)
  if (attend) {
    const code = await h.api<Answer<{ payload: string }>>(`/bookings/${booked.data.id}/check-in`, {
      headers: auth(session),
    })
    const scanned = await h.api<{ checkedIn?: unknown }>('/__dev/front-desk/check-in', {
      body: { payload: code.data.payload },
    })
    expect(scanned.checkedIn).toBeDefined()
  }
  return booked.data
}

describe.each(['zh', 'en'] as const)('ratings after class (%s)', (locale) => {
  const L = {
    zh: { send: '提交评价', stars: '5 星', comment: '说说感受（选填）', summary: '4.7 分 · 3 条评价' },
    en: { send: 'Send', stars: '5 stars', comment: 'A few words (optional)', summary: '4.7 · 3 ratings' },
  }[locale]

  it('rates an attended class from 我的课程; the teacher’s average shows from the third rating', async () => {
    const klass = await h.api<DanceClass>('/__dev/classes', {
      body: { startsInMinutes: 10, durationMinutes: 30, teacherId: TEACHER, title: 'K-pop Rated' },
    })
    const [first, second, third, absent] = await Promise.all([customer(), customer(), customer(), customer()])
    const rated = await book(first, klass, true)
    const others = [await book(second, klass, true), await book(third, klass, true)]
    const missed = await book(absent, klass, false)
    // The studio's clock passes the class's end.
    await h.api('/__dev/clock', { body: { advanceMs: 45 * 60_000 } })

    // Not attended: refused by the gateway, and 我的课程 does not ask.
    const refused = await h.api<Answer<null>>(`/bookings/${missed.id}/rating`, {
      body: { stars: 5 },
      headers: auth(absent),
    })
    expect(refused.code).toBe(40951)

    const { context, page } = await h.phone('iphone', { viewport: { width: 390, height: 844 } })
    await context.addCookies([
      { name: 'xdance-head', value: encodeURIComponent(first.head), url: h.url('/') },
      { name: 'xdance-token', value: first.token, url: h.url('/') },
    ])
    if (locale === 'en') await context.addInitScript(() => localStorage.setItem('xdance-locale', 'en'))
    await page.goto(h.url('/bookings?tab=past'))
    const line = page.locator(`[data-testid="booking"][data-booking-id="${rated.id}"]`)
    const form = line.getByTestId('rating-form')
    await form.waitFor()
    await form.getByLabel(L.stars).check({ force: true })
    await form
      .getByLabel(L.comment)
      .fill(locale === 'zh' ? '节奏很好，老师很耐心' : 'Great pace, patient teacher')
    await screenshot(page, `issue-31-rating-prompt-${locale}`)
    await form.getByRole('button', { name: L.send }).click()
    await line.getByTestId('rating-given').waitFor()

    const ratings = () => h.api<Answer<TeacherRatings>>(`/teachers/${TEACHER}/ratings`)
    // Two ratings: no average anywhere yet.
    await h.api(`/bookings/${others[0]?.id}/rating`, { body: { stars: 4 }, headers: auth(second) })
    expect((await ratings()).data).toMatchObject({ count: 2, average: null })
    await page.goto(h.url(`/teachers/${TEACHER}`))
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.getByTestId('teacher-rating').count()).toBe(0)
    // The third: the average and the comments.
    await h.api(`/bookings/${others[1]?.id}/rating`, {
      body: { stars: 5, comment: '还想再来' },
      headers: auth(third),
    })
    await page.reload()
    const shown = page.getByTestId('teacher-rating')
    await shown.waitFor()
    expect(await shown.textContent()).toContain(L.summary)
    await screenshot(page, `issue-31-teacher-ratings-${locale}`)
    await context.close()
  })
})
