// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { DanceClass } from '@xdance/contract'
import { addDays, RULES, studioDate } from '@xdance/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/app'
import { installFakeBrowser } from '../../testing/fake-browser'
import { danceClass, teacher } from '../../testing/fixtures'
import { testServices } from '../../testing/services'
import { FILTERS_STORAGE_KEY } from './schedule-filters'

let browser: ReturnType<typeof installFakeBrowser> | undefined
afterEach(() => {
  cleanup()
  browser?.reset()
})

function open(
  path: string,
  { classes = [danceClass()], remembered }: { classes?: DanceClass[]; remembered?: string } = {},
) {
  browser = installFakeBrowser()
  if (remembered !== undefined) browser.sessionStorage.setItem(FILTERS_STORAGE_KEY, remembered)
  const services = testServices({
    answers: {
      'GET /classes': () => ({ from: '', to: '', list: classes }),
      'GET /teachers': { list: [teacher(), teacher({ id: 3, name: '苏晴', styles: ['ballet'] })] },
    },
  })
  const view = renderApp(path, services)
  const classQueries = () =>
    services.client.requests.filter((request) => request.path === '/classes').map((request) => request.query)
  return { services, classQueries, ...view }
}

const heading = () => screen.findByRole('heading', { name: '课表', level: 1 })

describe('the schedule', () => {
  it('shows the two published weeks, today first', async () => {
    open('/schedule')
    await heading()
    const days = within(screen.getByRole('navigation', { name: '选择日期' })).getAllByRole('link')
    expect(days).toHaveLength(RULES.scheduleAheadDays)
    expect(days[0]?.getAttribute('aria-current')).toBe('date')
    expect(days[0]?.getAttribute('data-date')).toBe(studioDate(Date.now()))
  })

  it('asks the gateway for the filters of the URL over the two weeks, shows them chosen, and remembers them for the visit', async () => {
    const today = studioDate(Date.now())
    const { classQueries } = open('/schedule?style=jazz&level=beginner&teacher=3&time=evening&q=%E7%88%B5')
    await heading()
    expect(classQueries().at(-1)).toEqual({
      from: today,
      to: addDays(today, RULES.scheduleAheadDays - 1),
      style: 'jazz',
      level: 'beginner',
      teacherId: '3',
      time: 'evening',
      q: '爵',
    })
    expect(screen.getByLabelText<HTMLSelectElement>('舞种').value).toBe('jazz')
    expect(screen.getByLabelText<HTMLSelectElement>('难度').value).toBe('beginner')
    expect(screen.getByLabelText<HTMLSelectElement>('老师').value).toBe('3')
    expect(screen.getByLabelText<HTMLSelectElement>('时段').value).toBe('evening')
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('爵')
    expect(browser?.sessionStorage.getItem(FILTERS_STORAGE_KEY)).toBe(
      'style=jazz&level=beginner&teacher=3&time=evening&q=%E7%88%B5',
    )
    // One list over the days, not a day at a time: no strip of days.
    expect(screen.queryByRole('navigation', { name: '选择日期' })).toBeNull()
  })

  it('"my teachers" asks the gateway for the followed teachers’ classes, not a teacher id', async () => {
    const { classQueries } = open('/schedule?teacher=mine')
    await heading()
    expect(classQueries().at(-1)).toMatchObject({ followed: '1', teacherId: undefined })
    expect(screen.getByLabelText<HTMLSelectElement>('老师').value).toBe('mine')
  })

  it('filters by a child’s age: the gateway is asked for the classes that age may book', async () => {
    const { classQueries } = open('/schedule')
    await heading()
    fireEvent.change(screen.getByLabelText('年龄'), { target: { value: '5' } })
    await waitFor(() => expect(classQueries().at(-1)).toMatchObject({ age: '5' }))
    expect(screen.getByLabelText<HTMLSelectElement>('年龄').value).toBe('5')
    expect(within(screen.getByLabelText('年龄')).getByRole('option', { name: '成人' })).toBeTruthy()
  })

  it('lists the matching classes of the two weeks under day headings, today and tomorrow named', async () => {
    const today = studioDate(Date.now())
    const tomorrow = addDays(today, 1)
    const later = addDays(today, 5)
    open('/schedule?level=beginner', {
      classes: [
        danceClass({ id: 1, date: tomorrow, startsAt: `${tomorrow}T19:00:00+08:00` }),
        danceClass({ id: 2, date: tomorrow, startsAt: `${tomorrow}T20:45:00+08:00` }),
        danceClass({ id: 3, date: later, startsAt: `${later}T19:00:00+08:00` }),
      ],
    })
    expect(await screen.findByRole('heading', { name: '未来两周共 3 节课', level: 2 })).toBeTruthy()
    const days = screen.getAllByTestId('schedule-day')
    expect(days.map((day) => day.getAttribute('data-date'))).toEqual([tomorrow, later])
    expect(within(days[0] as HTMLElement).getByRole('heading', { level: 3 }).textContent).toMatch(/^明天 · /)
    expect(within(days[0] as HTMLElement).getAllByTestId('class-card')).toHaveLength(2)
    expect(within(days[1] as HTMLElement).getByRole('heading', { level: 3 }).textContent).not.toMatch(
      /明天|今天/,
    )
  })

  it('searches by name through the search box, into the URL', async () => {
    const { router, classQueries } = open('/schedule')
    await heading()
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: ' 林夏 ' } })
    fireEvent.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${encodeURIComponent('林夏')}`))
    await waitFor(() => expect(classQueries().at(-1)).toMatchObject({ q: '林夏' }))
  })

  it('opened without filters, restores the visit’s filters into the URL', async () => {
    const { router, classQueries } = open('/schedule', { remembered: 'level=advanced' })
    await heading()
    expect(router.state.location.search).toBe('?level=advanced')
    expect(classQueries()).toEqual([expect.objectContaining({ level: 'advanced' })])
  })

  it('keeps the day of the URL when it restores the filters', async () => {
    const today = studioDate(Date.now())
    const { router } = open(`/schedule?date=${today}`, { remembered: 'style=kpop' })
    await heading()
    expect(router.state.location.search).toBe(`?style=kpop&date=${today}`)
  })

  it('lets the filters of the URL win over the remembered ones', async () => {
    const { router, classQueries } = open('/schedule?style=jazz', {
      remembered: 'style=ballet&level=advanced',
    })
    await heading()
    expect(router.state.location.search).toBe('?style=jazz')
    expect(classQueries()).toEqual([expect.not.objectContaining({ level: expect.anything() })])
    expect(browser?.sessionStorage.getItem(FILTERS_STORAGE_KEY)).toBe('style=jazz')
  })

  it('filters on a choice, replacing the entry, and remembers it', async () => {
    const { router, classQueries } = open('/schedule')
    await heading()
    fireEvent.change(screen.getByLabelText('难度'), { target: { value: 'advanced' } })
    // A filtered list spans the days: the URL keeps no day.
    await waitFor(() => expect(router.state.location.search).toBe('?level=advanced'))
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() => expect(classQueries().at(-1)).toMatchObject({ level: 'advanced' }))
    expect(browser?.sessionStorage.getItem(FILTERS_STORAGE_KEY)).toBe('level=advanced')
  })

  it('offers to clear the filters when none of the two weeks’ classes match, and clears them', async () => {
    const { router, classQueries } = open('/schedule?style=ballet&level=advanced', { classes: [] })
    const empty = await screen.findByTestId('schedule-empty')
    expect(empty.textContent).toContain('未来两周没有符合筛选条件的课程。')
    fireEvent.click(screen.getByRole('link', { name: '清除筛选' }))
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?date=\d{4}-\d{2}-\d{2}$/))
    await waitFor(() => expect(classQueries()).toHaveLength(2))
    expect(classQueries()[1]).toEqual({ from: expect.any(String), to: expect.any(String) })
    expect(browser?.sessionStorage.getItem(FILTERS_STORAGE_KEY)).toBe('')
  })

  it('says the day is empty, with nothing to clear, when there is no filter', async () => {
    open('/schedule', { classes: [] })
    expect(await screen.findByText('这一天没有课程，换一天看看吧。')).toBeTruthy()
    expect(screen.queryByRole('link', { name: '清除筛选' })).toBeNull()
  })

  it('links each class and its teacher', async () => {
    open('/schedule')
    const card = within(await screen.findByTestId('class-card'))
    expect(card.getByRole('link', { name: 'Jazz' }).getAttribute('href')).toBe('/classes/7')
    expect(card.getByRole('link', { name: '林夏' }).getAttribute('href')).toBe('/teachers/1')
  })
})
