import type { Booking, Bookings, DanceClass, LoginResult, Member, MembershipCard } from '@xdance/contract'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot, useHarness } from './support/harness'

// Issue 30 end to end: a parent books a children's class for her child on the family card (the parent herself,
// an adult, cannot be chosen, and the gateway refuses her too), the child is checked in by the emulated front-desk
// scanner reading the code 我的课程 shows, the parent at the studio's door URL, and both show Attended; a booking left
// unscanned past its end shows Missed, with the studio's rule (the credit returned) applied.

const h = useHarness({ gateway: { limits: { smsPerAddressPerMinute: 100, smsPerMinute: 100 } } })

type Answer<T> = { code: number; msg: string; tips: string; data: T }
const auth = (session: LoginResult) => ({ authorization: `${session.head}${session.token}` })

let phones = 0
async function parent(locale: 'zh' | 'en'): Promise<{
  session: LoginResult
  context: BrowserContext
  page: Page
  child: Member
  familyCardId: number
}> {
  phones += 1
  const phone = `1360000${String(2000 + phones).slice(-4)}`
  const card = await h.api<{ cardId: number }>('/__dev/cards', {
    body: { phone, name: '家庭卡', nameEn: 'Family card', family: true, credits: 10 },
  })
  const session = await h.apiLogin(phone)
  const thisYear = Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 4))
  const added = await h.api<Answer<Member>>('/me/members', {
    body: { name: locale === 'zh' ? '小米' : 'Mia', birthYear: thisYear - 5 },
    headers: auth(session),
  })
  expect(added.code).toBe(200)
  const { context, page } = await h.phone('iphone', { viewport: { width: 390, height: 844 } })
  await context.addCookies([
    { name: 'xdance-head', value: encodeURIComponent(session.head), url: h.url('/') },
    { name: 'xdance-token', value: session.token, url: h.url('/') },
  ])
  if (locale === 'en') await context.addInitScript(() => localStorage.setItem('xdance-locale', 'en'))
  return { session, context, page, child: added.data, familyCardId: card.cardId }
}

const stageClass = (body: Record<string, unknown>) => h.api<DanceClass>('/__dev/classes', { body })
const bookingsOf = async (session: LoginResult) =>
  (await h.api<Answer<Bookings>>('/bookings', { headers: auth(session) })).data

describe.each(['zh', 'en'] as const)('families and the door (%s)', (locale) => {
  const L = {
    zh: { confirm: '确认预约', booked: '学员：', attended: '已上课', checkIn: '确认签到', tab: '我的课程' },
    en: {
      confirm: 'Confirm booking',
      booked: 'For ',
      attended: 'Attended',
      checkIn: 'Check in',
      tab: 'My classes',
    },
  }[locale]

  it('books a children’s class for the child on the family card, checks in at the desk and the door', async () => {
    const { session, page, child, familyCardId } = await parent(locale)
    const kids = await stageClass({
      startsInMinutes: 10,
      ageMin: 4,
      ageMax: 6,
      title: 'Little Ballet',
      style: 'ballet',
    })
    const open = await stageClass({ startsInMinutes: 12, title: 'Open Jazz' })

    // The class page asks for whom: the parent (no birth year, an adult) cannot be chosen for ages 4-6.
    await page.goto(h.url(`/classes/${kids.id}`))
    const choice = page.getByTestId('member-choice')
    await choice.waitFor()
    expect(await page.getByTestId('class-ages').textContent()).toContain('4-6')
    expect(await choice.locator('input[type=radio]:disabled').count()).toBe(1)
    expect(await choice.locator(`[data-member-id="${child.id}"] input`).isChecked()).toBe(true)
    await screenshot(page, `issue-30-member-picker-${locale}`)
    // The gateway refuses the adult too, not only the page.
    const adult = await h.api<Answer<null>>('/bookings', {
      body: { classId: kids.id },
      headers: auth(session),
    })
    expect(adult.code).toBe(40908)

    await page.getByRole('button', { name: L.confirm }).click()
    expect(await page.getByTestId('booked-for').textContent()).toContain(`${L.booked}${child.name}`)
    const forChild = (await bookingsOf(session)).upcoming.find((item) => item.classId === kids.id)
    expect(forChild).toMatchObject({ cardId: familyCardId, member: { id: child.id } })

    // 我的课程 shows the child's check-in code; the front desk's scanner reads its text.
    await page.goto(h.url('/bookings'))
    const code = page.locator(`[data-testid="check-in-code"][data-booking-id="${forChild?.id}"]`)
    await code.waitFor()
    await screenshot(page, `issue-30-check-in-code-${locale}`)
    const payload = (await code.getByTestId('check-in-text').textContent()) ?? ''
    const scanned = await h.api<{ checkedIn?: { memberName: string } }>('/__dev/front-desk/check-in', {
      body: { payload },
    })
    expect(scanned.checkedIn?.memberName).toBe(child.name)
    // Scanned twice: a replay, with its own code.
    expect((await h.api<{ code: number }>('/__dev/front-desk/check-in', { body: { payload } })).code).toBe(
      40943,
    )

    // The parent books the open class for herself and checks in at the studio's door URL.
    const own = await h.api<Answer<Booking>>('/bookings', {
      body: { classId: open.id },
      headers: auth(session),
    })
    expect(own.code).toBe(200)
    const door = await h.api<{ path: string }>('/__dev/front-desk/door')
    await page.goto(h.url(door.path))
    await page.getByRole('button', { name: L.checkIn }).click()
    await page.getByTestId('door-checked-in').waitFor()

    await page.goto(h.url('/bookings'))
    for (const id of [forChild?.id, own.data.id]) {
      const line = page.locator(`[data-testid="booking"][data-booking-id="${id}"]`)
      await line.waitFor()
      expect(await line.textContent()).toContain(L.attended)
    }
    await screenshot(page, `issue-30-attended-${locale}`)

    // The family card's history shows each use: the child's class and the parent's, both attended.
    await page.goto(h.url(`/cards/${familyCardId}`))
    const uses = page.getByTestId('card-use')
    await expect.poll(() => uses.count()).toBe(2)
    expect(await uses.allTextContents()).toEqual([
      expect.stringContaining(L.attended),
      expect.stringContaining(L.attended),
    ])
    expect((await uses.allTextContents()).join(' ')).toContain(child.name)
  })
})

describe.each(['zh', 'en'] as const)('attendance that counts (%s)', (locale) => {
  it('a booking left unscanned past its end is Missed, and the studio’s return rule gives the credit back', async () => {
    const { session, page, familyCardId } = await parent(locale)
    expect(
      await h.api<{ missedClass: string }>('/__dev/studio/check-in', { body: { missedClass: 'return' } }),
    ).toMatchObject({ missedClass: 'return' })
    const klass = await stageClass({ startsInMinutes: 5, durationMinutes: 30, title: 'Skipped Hip-hop' })
    const booked = await h.api<Answer<Booking>>('/bookings', {
      body: { classId: klass.id },
      headers: auth(session),
    })
    expect(booked.code).toBe(200)
    const credits = async () =>
      (await h.api<Answer<{ list: MembershipCard[] }>>('/cards', { headers: auth(session) })).data.list.find(
        (card) => card.id === booked.data.cardId,
      )?.creditsLeft
    const before = await credits()
    // The studio's clock passes the class's end; its due work settles it.
    await h.api('/__dev/clock', { body: { advanceMs: 40 * 60_000 } })
    await page.goto(h.url('/bookings?tab=past'))
    const line = page.locator(`[data-testid="booking"][data-booking-id="${booked.data.id}"]`)
    await line.waitFor()
    expect(await line.textContent()).toContain(locale === 'zh' ? '缺课' : 'Missed')
    await screenshot(page, `issue-30-missed-${locale}`)
    expect(await credits()).toBe((before ?? 0) + 1)
    expect(booked.data.cardId).toBe(familyCardId)
  })
})
