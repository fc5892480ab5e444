import { readFile } from 'node:fs/promises'
import {
  addDays,
  type DanceClass,
  type LoginResult,
  type Org,
  RULES,
  studioDate,
  studioParts,
} from '@xdance/contract'
import ICAL from 'ical.js'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dwell, screenshot, useHarness } from './support/harness'
import { expectToast, expectTraces, expectVisits, leaveAndCollect } from './support/tracking'

// Issue 13, as a dance student tries it: narrowing the schedule by style, level and teacher (kept in the URL and
// for the visit), the teachers, the class page's cancellation rule before booking, the calendar file, sharing, and
// the studio's phone and map on the home page.

const h = useHarness()

type Envelope<T> = { code: number; data: T }

/**
 * The published schedule's classes matching `query`, from the gateway: as a signed-out visitor sees them, or, given
 * a session, as that customer does (`myBookingId` set on the classes they booked).
 */
async function classes(query = '', session?: LoginResult): Promise<DanceClass[]> {
  const today = studioDate(Date.now())
  const to = addDays(today, RULES.scheduleAheadDays - 1)
  const answer = await h.api<Envelope<{ list: DanceClass[] }>>(`/classes?from=${today}&to=${to}${query}`, {
    headers: session ? { authorization: `${session.head}${session.token}` } : {},
  })
  return answer.data.list
}

/** A day with open classes for `query` (the demo's weekly template has every style on several days). */
async function dayWith(query: string): Promise<string> {
  const open = (await classes(query)).find((item) => item.status === 'open')
  if (!open) throw new Error(`no open class for ${query}`)
  return open.date
}

const cards = (page: Page) => page.getByTestId('class-card')

async function chipsOfCards(page: Page): Promise<string[]> {
  await cards(page).first().waitFor()
  return cards(page).evaluateAll((list) =>
    // The style and the level (a children's class has its ages after them).
    list.map((card) =>
      [...card.querySelectorAll('[data-testid="class-tags"] > *')]
        .slice(0, 2)
        .map((chip) => chip.textContent)
        .join(' '),
    ),
  )
}

/** Controls smaller than 44 x 44 CSS px, and whether the page scrolls sideways. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const small: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(
      'a, button, input, select, label:has(> input[type="radio"], > input[type="checkbox"])',
    )) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) continue
      if (box.height < 44 || box.width < 44) {
        small.push(
          `${element.tagName} "${element.textContent?.trim().slice(0, 20)}" ${box.width}x${box.height}`,
        )
      }
    }
    const root = document.documentElement
    return { small, sideways: root.scrollWidth > root.clientWidth }
  })
}

async function signIn(context: Awaited<ReturnType<typeof h.phone>>['context'], given?: LoginResult) {
  const session = given ?? (await h.apiLogin())
  await context.addCookies([
    { name: 'xdance-head', value: encodeURIComponent(session.head), url: h.url('/') },
    { name: 'xdance-token', value: session.token, url: h.url('/') },
  ])
}

describe('a filtered schedule', () => {
  it('opens from a shared URL filtered, and keeps its filters through a reload and Back', async () => {
    const date = await dayWith('&style=hiphop&level=beginner')
    const { page } = await h.phone('android')
    await page.goto(h.url('/'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    // Filtered, the schedule lists the two weeks' matching classes under day headings (issue 21): no day in the URL.
    const path = '/schedule?style=hiphop&level=beginner'
    await page.goto(h.url(path))
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    expect(new Set(await chipsOfCards(page))).toEqual(new Set(['街舞 零基础']))
    expect(await page.getByLabel('舞种').inputValue()).toBe('hiphop')
    expect(await page.getByLabel('难度').inputValue()).toBe('beginner')
    expect(await page.getByRole('navigation', { name: '选择日期' }).count()).toBe(0)
    expect(await page.locator(`[data-testid="schedule-day"][data-date="${date}"]`).count()).toBe(1)
    await screenshot(page, '20-schedule-filtered')

    await page.reload()
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    expect(page.url()).toBe(h.url(path))
    expect(new Set(await chipsOfCards(page))).toEqual(new Set(['街舞 零基础']))
    expect(await page.getByLabel('舞种').inputValue()).toBe('hiphop')

    await cards(page).first().click()
    await page.waitForURL(/\/classes\/\d+$/)
    await page.getByTestId('cancel-policy').waitFor()
    await page.goBack()
    await page.waitForURL(h.url(path))
    expect(new Set(await chipsOfCards(page))).toEqual(new Set(['街舞 零基础']))
    expect(await page.getByLabel('难度').inputValue()).toBe('beginner')
  })

  it('filters through the form into the URL, and the tab bar brings the visit’s filters back', async () => {
    const date = await dayWith('&style=jazz')
    const { page, context } = await h.phone('iphone')
    await page.goto(h.url(`/schedule?date=${date}`))
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    // The server's page is painted before the app runs: a choice counts once the app has taken the page over.
    await dwell(page)
    await page.getByLabel('舞种').selectOption('jazz')
    // A filtered list spans the two weeks: the day leaves the URL (issue 21).
    await page.waitForURL(h.url('/schedule?style=jazz'))
    await expect
      .poll(async () => new Set((await chipsOfCards(page)).map((chips) => chips.split(' ')[0])))
      .toEqual(new Set(['爵士']))
    await page.getByRole('combobox', { name: '老师', exact: true }).selectOption({ label: '林夏' })
    await page.waitForURL(h.url('/schedule?style=jazz&teacher=1'))
    await expect
      .poll(() => cards(page).getByTestId('teacher-link').allTextContents())
      .toEqual(expect.arrayContaining(['林夏']))
    expect(new Set(await cards(page).getByTestId('teacher-link').allTextContents())).toEqual(
      new Set(['林夏']),
    )

    // Elsewhere and back through the tab bar (plain /schedule): the visit's filters come back, in the URL too.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }).click()
    await page.waitForURL(h.url('/'))
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '课表' }).click()
    await page.waitForURL(/\/schedule\?style=jazz&teacher=1$/)
    expect(await page.getByRole('combobox', { name: '老师', exact: true }).inputValue()).toBe('1')

    // A new visit (another tab's session) starts unfiltered.
    const other = await context.newPage()
    await other.goto(h.url('/schedule'))
    await other.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    expect(new URL(other.url()).search).toBe('')
    expect(await other.getByLabel('舞种').inputValue()).toBe('')
  })

  it('offers to clear filters that match nothing, and clearing shows the day’s classes', async () => {
    const date = await dayWith('')
    // The demo studio teaches ballet to beginners only.
    expect(await classes('&style=ballet&level=advanced')).toEqual([])
    const { page } = await h.phone('android')
    await page.goto(h.url(`/schedule?style=ballet&level=advanced&date=${date}`))
    const empty = page.getByTestId('schedule-empty')
    await empty.waitFor()
    // Filtered, the whole two weeks are searched (issue 21); the clear link heads the list.
    expect(await empty.textContent()).toContain('未来两周没有符合筛选条件的课程。')
    expect(await cards(page).count()).toBe(0)
    await page.getByRole('link', { name: '清除筛选' }).click()
    await page.waitForURL(h.url(`/schedule?date=${date}`))
    await cards(page).first().waitFor()
    expect(await page.getByLabel('舞种').inputValue()).toBe('')
    // Cleared for the visit: the tab bar's plain /schedule stays unfiltered.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '课表' }).click()
    await page.waitForURL(/\/schedule(\?date=[\d-]+)?$/)
    expect(page.url()).not.toContain('style=')
  })
})

describe('the teachers', () => {
  it('a teacher’s page opens from a class, with initials, bio, styles and only their upcoming classes', async () => {
    const date = await dayWith('&teacherId=2')
    const { page } = await h.phone('android')
    await page.goto(h.url(`/schedule?teacher=2&date=${date}`))
    await cards(page).first().getByTestId('teacher-link').click()
    await page.waitForURL(h.url('/teachers/2'))
    await page.getByRole('heading', { name: '阿杰', level: 1 }).waitFor()
    expect(await page.getByTestId('avatar-initials').textContent()).toBe('阿')
    expect(await page.getByTestId('teacher-bio').textContent()).toContain('街舞十年')
    expect(await page.getByRole('list', { name: '教授舞种' }).textContent()).toBe('街舞')
    const upcoming = await classes('&teacherId=2')
    const shown = await cards(page).getByRole('heading').allTextContents()
    expect(shown).toEqual(upcoming.filter((item) => item.status !== 'ended').map((item) => item.title))
    expect(await page.title()).toBe('阿杰 · xdance 舞蹈')
    await screenshot(page, '21-teacher')

    // From the class page too.
    await cards(page).first().click()
    await page.waitForURL(/\/classes\/\d+$/)
    await page.getByRole('link', { name: '阿杰' }).click()
    await page.waitForURL(h.url('/teachers/2'))
    await page.getByRole('heading', { name: '阿杰', level: 1 }).waitFor()
  })

  it('the teachers list opens from home, is reported and marked like every page', async () => {
    const { page } = await h.phone('iphone')
    await page.goto(h.url('/'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    await dwell(page)
    await page.getByRole('link', { name: '认识我们的老师' }).click()
    await page.waitForURL(h.url('/teachers'))
    await page.getByRole('heading', { name: '我们的老师', level: 1 }).waitFor()
    const teachers = page.getByTestId('teacher-card')
    expect(await teachers.count()).toBe(6)
    expect(await teachers.first().textContent()).toContain('林夏')
    await dwell(page)
    await teachers.filter({ hasText: '苏晴' }).click()
    await page.waitForURL(h.url('/teachers/3'))
    await page.getByRole('heading', { name: '苏晴', level: 1 }).waitFor()
    await dwell(page)
    const visited = ['/', '/teachers', '/teachers/3']
    expectVisits(await leaveAndCollect(h, page, visited.length), visited)
    await expectTraces(h, visited)
  })
})

describe('the class page', () => {
  /** An open class that `session`'s customer has not booked (the demo data books some of the next ones for them). */
  async function openClass(session?: LoginResult) {
    const open = (await classes('', session)).find(
      (item) => item.status === 'open' && item.myBookingId === null && item.ages === null,
    )
    if (!open) throw new Error('no open class')
    return open
  }

  it('states the cancellation rule and this class’s exact deadline before booking', async () => {
    // Asked as the customer who signs in: which classes are theirs already depends on the time of day the suite runs.
    const session = await h.apiLogin()
    const item = await openClass(session)
    const { page, context } = await h.phone('android')
    await signIn(context, session)
    await page.goto(h.url(`/classes/${item.id}`))
    const policy = page.getByTestId('cancel-policy')
    await policy.waitFor()
    const deadline = studioParts(Date.parse(item.startsAt) - 120 * 60_000)
    const weekday = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'][deadline?.weekday ?? 0]
    expect(await policy.textContent()).toContain('开课前 2 小时可免费取消')
    expect(await policy.textContent()).toContain(
      `本节课 ${deadline?.month}月${deadline?.day}日${weekday} ${deadline?.hhmm} 前可免费取消`,
    )
    const book = page.getByRole('button', { name: '确认预约' })
    const [policyBox, bookBox] = [await policy.boundingBox(), await book.boundingBox()]
    expect(policyBox && bookBox && policyBox.y + policyBox.height <= bookBox.y).toBe(true)
    expect(await page.getByRole('link', { name: item.teacher.name }).getAttribute('href')).toBe(
      `/teachers/${item.teacher.id}`,
    )
    expect(await page.getByTestId('class-facts').textContent()).toContain(item.room)
    expect(await page.getByTestId('class-facts').textContent()).toContain(`剩余 ${item.remaining} 位`)
    await screenshot(page, '22-class-policy')
  })

  it('adds the class to a calendar: an .ics file that ical.js reads with the class’s instants', async () => {
    const item = await openClass()
    const org = (await h.api<Envelope<Org>>('/org')).data
    const { page } = await h.phone('android')
    await page.goto(h.url(`/classes/${item.id}`))
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '添加到日历' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`xdance-class-${item.id}.ics`)
    const text = await readFile(await download.path(), 'utf8')
    expect(text).toMatch(/\r\n$/)
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')
    if (!vevent) throw new Error('no VEVENT')
    const event = new ICAL.Event(vevent)
    expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(item.startsAt))
    expect(event.endDate.toJSDate().getTime()).toBe(Date.parse(item.endsAt))
    expect(event.summary).toBe(item.title)
    expect(event.location).toBe(`${org.name}, ${org.address}, ${item.room}`)
    expect(event.description).toContain('开课前 2 小时可免费取消')
    expect(vevent.getFirstPropertyValue('url')).toBe(h.url(`/classes/${item.id}`))
    expect(event.uid).toMatch(new RegExp(`^class-${item.id}@`))
  })

  it('shares by copying the link when the browser has no share sheet', async () => {
    const item = await openClass()
    const { page, context } = await h.phone('android')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url('/') })
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
    })
    await page.goto(h.url(`/classes/${item.id}`))
    await page.getByRole('button', { name: '分享课程' }).click()
    await expectToast(page, '链接已复制，快去分享吧')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(h.url(`/classes/${item.id}`))
  })
})

describe('the studio on the home page', () => {
  it('offers to call it and to find it on a map that works in China', async () => {
    const org = (await h.api<Envelope<Org>>('/org')).data
    const { page } = await h.phone('iphone')
    await page.goto(h.url('/'))
    const call = page.getByTestId('studio-tel')
    await call.waitFor()
    expect(await call.getAttribute('href')).toBe(`tel:${org.phone.replace(/[^\d+]/g, '')}`)
    expect(await call.textContent()).toContain(org.phone)
    const map = new URL((await page.getByRole('link', { name: '在地图中查看' }).getAttribute('href')) ?? '')
    expect(`${map.origin}${map.pathname}`).toBe('https://uri.amap.com/search')
    expect(map.searchParams.get('keyword')).toBe(org.address)
    await screenshot(page, '23-home-studio')
  })
})

describe('the new screens on a 320 px wide phone', () => {
  it('fit without sideways scrolling, with every control at least 44 x 44 px', async () => {
    const item = (await classes()).find((candidate) => candidate.status === 'open')
    const date = await dayWith('&style=jazz')
    const { page } = await h.phone('android', { viewport: { width: 320, height: 568 } })
    await page.context().addInitScript(() => {
      // The manual share fallback shows its link field: measured too.
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
      Object.defineProperty(Navigator.prototype, 'clipboard', { value: undefined, configurable: true })
    })
    for (const path of [
      '/',
      `/schedule?style=jazz&level=beginner&teacher=1&date=${date}`,
      `/schedule?style=ballet&level=advanced&date=${date}`,
      '/teachers',
      '/teachers/1',
      `/classes/${item?.id}`,
    ]) {
      await page.goto(h.url(path))
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await page.getByTestId('page-skeleton').waitFor({ state: 'detached' })
      if (path.startsWith('/classes/')) {
        await page.getByRole('button', { name: '分享课程' }).click()
        await page.getByTestId('share-link').waitFor()
      }
      const { small, sideways } = await measure(page)
      expect(sideways, `${path} scrolls sideways`).toBe(false)
      expect(small, `${path} has small targets`).toEqual([])
    }
  })
})
