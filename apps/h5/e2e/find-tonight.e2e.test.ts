import { addDays, studioDate, studioParts } from '@xdance/contract'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dwell, useHarness } from './support/harness'

// Issue 21, as a dance student tries it: "a beginner class tomorrow evening" in one filtered list, the studio's data
// in English, and an en-US browser opening the app in English.

const h = useHarness()

/** Chinese (CJK) characters. */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/

const cards = (page: Page) => page.getByTestId('class-card')

describe('finding tonight’s class', () => {
  it('finds a beginner class tomorrow evening in one list spanning the days', async () => {
    const { page } = await h.phone('iphone')
    await page.goto(h.url('/schedule'))
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    await dwell(page)
    await page.getByLabel('难度').selectOption('beginner')
    await page.waitForURL(h.url('/schedule?level=beginner'))
    await page.getByLabel('时段').selectOption('evening')
    await page.waitForURL(h.url('/schedule?level=beginner&time=evening'))

    // One list of the two weeks under day headings, no strip of days.
    await page.getByRole('heading', { level: 2, name: /未来两周共 \d+ 节课/ }).waitFor()
    expect(await page.getByRole('navigation', { name: '选择日期' }).count()).toBe(0)
    const days = page.getByTestId('schedule-day')
    expect(await days.count()).toBeGreaterThan(1)

    const tomorrow = addDays(studioDate(Date.now()), 1)
    const day = page.locator(`[data-testid="schedule-day"][data-date="${tomorrow}"]`)
    expect(await day.getByRole('heading', { level: 3 }).textContent()).toMatch(/^明天 · /)
    const found = day.getByTestId('class-card')
    expect(await found.count()).toBeGreaterThan(0)
    const card = found.first()
    const text = (await card.textContent()) ?? ''
    expect(text).toContain('零基础')
    expect(text).toMatch(/\d+ 分钟/)
    expect(text).toMatch(/剩余 \d+ 位|已满/)
    expect(await card.getByTestId('class-cost').textContent()).toMatch(/^消耗 \d+ 次$/)
    const time = (await card.locator('strong').first().textContent()) ?? ''
    expect(Number(time.slice(0, 2))).toBeGreaterThanOrEqual(18)

    // The URL holds the finding: a reload shows the same list.
    await page.reload()
    await page.locator(`[data-testid="schedule-day"][data-date="${tomorrow}"]`).waitFor()
    expect(await page.getByLabel('时段').inputValue()).toBe('evening')
  })

  it('keeps a first choice made while the page still loads: level, then time of day, on a slow network', async () => {
    const { page } = await h.phone('android')
    await page.goto(h.url('/schedule'))
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    await dwell(page)
    // The schedule's data answers only once both choices are made, as on a slow phone network.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/dance-gateway\/classes\?/, async (route) => {
      await held
      await route.continue()
    })
    await page.getByLabel('难度').selectOption('beginner')
    // The form shows the choice while its page loads.
    await expect.poll(() => page.getByLabel('难度').inputValue()).toBe('beginner')
    await page.getByLabel('时段').selectOption('evening')
    release()
    await page.waitForURL(h.url('/schedule?level=beginner&time=evening'))
    await page.getByRole('heading', { level: 2, name: /未来两周共 \d+ 节课/ }).waitFor()
    expect(await page.getByLabel('难度').inputValue()).toBe('beginner')
    expect(await page.getByLabel('时段').inputValue()).toBe('evening')
  })

  it('finds a class by its teacher’s name through the search box', async () => {
    const { page } = await h.phone('android')
    await page.goto(h.url('/schedule'))
    await dwell(page)
    await page.getByRole('searchbox').fill('苏晴')
    await page.getByRole('button', { name: '搜索' }).click()
    await page.waitForURL(/\/schedule\?q=/)
    await page.getByRole('heading', { level: 2, name: /未来两周共 \d+ 节课/ }).waitFor()
    await cards(page).first().waitFor()
    const teachers = await page.getByTestId('teacher-link').allTextContents()
    expect(new Set(teachers)).toEqual(new Set(['苏晴']))
  })
})

describe('the studio’s data in the customer’s language', () => {
  it('switched to English, the schedule shows no Chinese in its data', async () => {
    const { page } = await h.phone('iphone')
    await page.goto(h.url('/schedule?level=beginner&time=evening'))
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    await dwell(page)
    await page.getByTestId('language-switch').click()
    await page.getByRole('heading', { name: 'Schedule', level: 1 }).waitFor()
    await page.getByRole('heading', { level: 2, name: /classes? in the next two weeks/ }).waitFor()
    await expect
      .poll(async () => (await cards(page).allTextContents()).filter((text) => CJK.test(text)))
      .toEqual([])
    expect(await cards(page).count()).toBeGreaterThan(0)
    const headings = await page
      .getByTestId('schedule-day')
      .getByRole('heading', { level: 3 })
      .allTextContents()
    expect(headings[0]).toMatch(/^(Today|Tomorrow) · /)
    expect(headings.filter((text) => CJK.test(text))).toEqual([])
    // The filters' teacher names are the studio's English too.
    const teachers = await page.getByLabel('Teacher').locator('option').allTextContents()
    expect(teachers.filter((text) => CJK.test(text))).toEqual([])
  })

  it('an en-US browser with no choice stored opens the app in English, rendered so by the server', async () => {
    const { page } = await h.phone('android', { locale: 'en-US' })
    const response = await page.goto(h.url('/schedule'))
    // The server's page is already English (before any JavaScript).
    const html = (await response?.text()) ?? ''
    expect(html).toContain('<html lang="en"')
    await page.getByRole('heading', { name: 'Schedule', level: 1 }).waitFor()
    await dwell(page)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    await cards(page).first().waitFor()
    expect((await cards(page).allTextContents()).filter((text) => CJK.test(text))).toEqual([])
    // Followed, not remembered: no choice is stored.
    expect(await page.evaluate(() => localStorage.getItem('xdance-locale'))).toBeNull()
    await page.goto(h.url('/'))
    await page.getByRole('heading', { level: 1, name: 'XDance Studio' }).waitFor()
  })

  it('a zh-CN browser opens the app in Chinese', async () => {
    const { page } = await h.phone('android')
    await page.goto(h.url('/schedule'))
    await page.getByRole('heading', { name: '课表', level: 1 }).waitFor()
    expect(studioParts(Date.now())).toBeDefined()
  })
})
