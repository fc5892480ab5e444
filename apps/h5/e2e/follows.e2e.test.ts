import type { DanceClass, LoginResult } from '@xdance/contract'
import { describe, expect, it } from 'vitest'
import { screenshot, useHarness } from './support/harness'

// Issue 31 end to end: a customer follows a teacher with the heart on the teacher's page, finds the teacher under
// 我关注的老师, and gets exactly one notice when the studio publishes a new class of theirs, however often the
// scheduler runs.

const h = useHarness({ gateway: { limits: { smsPerAddressPerMinute: 100, smsPerMinute: 100 } } })
type Answer<T> = { code: number; data: T }
const TEACHER = 4

describe.each(['zh', 'en'] as const)('following a teacher (%s)', (locale) => {
  const L = {
    zh: { follow: '关注', following: '已关注', mine: '我关注的老师' },
    en: { follow: 'Follow', following: 'Following', mine: 'My teachers' },
  }[locale]

  it('follows from the heart, lists the teacher, and gets one notice for a new class', async () => {
    const phone = locale === 'zh' ? '13400004001' : '13400004002'
    const session: LoginResult = await h.apiLogin(phone)
    const { context, page } = await h.phone('iphone', { viewport: { width: 390, height: 844 } })
    await context.addCookies([
      { name: 'xdance-head', value: encodeURIComponent(session.head), url: h.url('/') },
      { name: 'xdance-token', value: session.token, url: h.url('/') },
    ])
    if (locale === 'en') await context.addInitScript(() => localStorage.setItem('xdance-locale', 'en'))
    await page.goto(h.url(`/teachers/${TEACHER}`))
    const heart = page.getByTestId('follow')
    await heart.waitFor()
    expect(await heart.textContent()).toContain(L.follow)
    await heart.click()
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true')
    expect(await heart.textContent()).toContain(L.following)
    await screenshot(page, `issue-31-follow-${locale}`)

    await page.goto(h.url('/me/teachers'))
    await page.getByRole('heading', { name: L.mine, level: 1 }).waitFor()
    expect(await page.getByTestId('teacher-card').count()).toBe(1)

    // The studio publishes a class of the teacher; the scheduler runs three times.
    await h.api<DanceClass>('/__dev/classes', {
      body: { teacherId: TEACHER, startsInMinutes: 2 * 24 * 60, title: `Salsa ${locale}` },
    })
    for (const _ of [1, 2, 3]) await h.api('/__dev/scheduler/tick', { method: 'POST' })
    const notices = await h.api<Answer<{ list: Array<{ kind: string; body: string }> }>>('/notices', {
      headers: { authorization: `${session.head}${session.token}` },
    })
    const told = notices.data.list.filter((notice) => notice.kind === 'teacher-new-class')
    expect(told).toHaveLength(1)
    expect(told[0]?.body).toContain(`Salsa ${locale}`)
    await context.close()
  })
})
