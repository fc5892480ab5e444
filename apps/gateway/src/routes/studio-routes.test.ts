import { afterEach, describe, expect, test } from 'vitest'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

interface ClassDto {
  id: number
  title: string
  style: string
  styleName: string
  level: string
  levelName: string
  teacher: { id: number; name: string }
  room: string
  date: string
  startsAt: string
  endsAt: string
  capacity: number
  booked: number
  remaining: number
  status: string
  myBookingId: number | null
}

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

describe('GET /org', () => {
  test('answers the studio, its styles, levels, teachers and the cancel cut-off', async () => {
    gw = await startTestGateway()
    const res = await gw.call<{
      orgId: string
      name: string
      teachers: unknown[]
      styles: unknown[]
      levels: unknown[]
      rules: unknown
    }>('GET', '/org')
    expect(res.body.code).toBe(200)
    expect(res.body.data.orgId).toBe('10001')
    expect(res.body.data.name).toContain('炫舞空间')
    expect(res.body.data.teachers).toHaveLength(6)
    expect(res.body.data.styles).toContainEqual({ code: 'jazz', name: '爵士' })
    expect(res.body.data.levels).toContainEqual({ code: 'beginner', name: '零基础' })
    expect(res.body.data.rules).toEqual({
      cancelCutoffMinutes: 120,
      checkInBeforeMinutes: 30,
      checkInAfterMinutes: 15,
      missedClass: 'forfeit',
    })
  })

  test('without demo data there is no studio: 40401', async () => {
    gw = await startTestGateway({ demo: false })
    expect((await gw.call('GET', '/org')).body).toMatchObject({ code: 40401, msg: '机构信息不存在' })
  })
})

describe('GET /classes', () => {
  test('by default answers this week from today, in start order, in several styles and levels', async () => {
    gw = await startTestGateway()
    const res = await gw.call<{ from: string; to: string; list: ClassDto[] }>('GET', '/classes')
    expect(res.body.data.from).toBe('2025-06-02')
    expect(res.body.data.to).toBe('2025-06-08')
    const list = res.body.data.list
    expect(new Set(list.map((c) => c.date)).size).toBe(7)
    expect(new Set(list.map((c) => c.style)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(list.map((c) => c.level)).size).toBe(4)
    const starts = list.map((c) => Date.parse(c.startsAt))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    const first = list[0]
    expect(first).toMatchObject({ date: '2025-06-02', startsAt: '2025-06-02T12:00:00+08:00', status: 'open' })
    expect(first?.remaining).toBe((first?.capacity ?? 0) - (first?.booked ?? 0))
    expect(list.some((c) => c.status === 'full')).toBe(true)
  })

  test('the demo week follows the clock: a gateway started any day has that day’s classes', async () => {
    gw = await startTestGateway({ start: '2031-01-15T08:00:00+08:00' })
    const res = await gw.call<{ list: ClassDto[] }>('GET', '/classes')
    expect(res.body.data.list[0]?.date).toBe('2031-01-15')
  })

  test('from and to select an inclusive range of days', async () => {
    gw = await startTestGateway()
    const res = await gw.call<{ list: ClassDto[] }>('GET', '/classes?from=2025-06-03&to=2025-06-04')
    expect([...new Set(res.body.data.list.map((c) => c.date))]).toEqual(['2025-06-03', '2025-06-04'])
  })

  test('past days are there too, with their classes ended', async () => {
    gw = await startTestGateway()
    const res = await gw.call<{ list: ClassDto[] }>('GET', '/classes?from=2025-06-01&to=2025-06-01')
    expect(res.body.data.list.length).toBeGreaterThan(0)
    expect(res.body.data.list.every((c) => c.status === 'ended')).toBe(true)
  })

  test('style, level and teacher filter the list', async () => {
    gw = await startTestGateway()
    const byStyle = await gw.call<{ list: ClassDto[] }>('GET', '/classes?style=kpop')
    expect(byStyle.body.data.list.length).toBeGreaterThan(0)
    expect(byStyle.body.data.list.every((c) => c.style === 'kpop' && c.styleName === '韩舞')).toBe(true)
    const byLevel = await gw.call<{ list: ClassDto[] }>('GET', '/classes?level=advanced')
    expect(byLevel.body.data.list.every((c) => c.level === 'advanced')).toBe(true)
    const byTeacher = await gw.call<{ list: ClassDto[] }>('GET', '/classes?teacherId=2')
    expect(byTeacher.body.data.list.every((c) => c.teacher.name === '阿杰')).toBe(true)
  })

  test('a signed-in customer sees which classes they booked', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn('13800138000')
    const res = await gw.call<{ list: ClassDto[] }>('GET', '/classes?from=2025-06-03&to=2025-06-03', { auth })
    expect(res.body.data.list.filter((c) => c.myBookingId !== null)).toHaveLength(1)
    const anonymous = await gw.call<{ list: ClassDto[] }>('GET', '/classes?from=2025-06-03&to=2025-06-03')
    expect(anonymous.body.data.list.every((c) => c.myBookingId === null)).toBe(true)
  })

  test.each([
    ['from=2025-6-1', 'from', 'from 应为 YYYY-MM-DD 格式的日期'],
    ['from=2025-02-30', 'from', 'from 应为 YYYY-MM-DD 格式的日期'],
    ['from=9999-12-30', 'from', 'from 超出可查询的日期范围'],
    ['from=2025-06-05&to=2025-06-04', 'to', '结束日期不能早于开始日期'],
    ['from=2025-06-01&to=2025-07-02', 'to', '查询范围不能超过 31 天'],
    ['style=tango', 'style', 'style 的取值不在可选范围内'],
    ['level=pro', 'level', 'level 的取值不在可选范围内'],
    ['teacherId=abc', 'teacherId', 'teacherId 必须是正整数'],
  ])('?%s is refused with 40001 naming %s', async (query, field, msg) => {
    gw = await startTestGateway()
    const res = await gw.call('GET', `/classes?${query}`)
    expect(res.body).toMatchObject({ code: 40001, msg, data: { field } })
  })

  test('a range of exactly 31 days (both ends included) is allowed, 32 is not', async () => {
    gw = await startTestGateway()
    expect((await gw.call('GET', '/classes?from=2025-06-01&to=2025-07-01')).body.code).toBe(200)
    expect((await gw.call('GET', '/classes?from=2025-06-01&to=2025-07-02')).body.code).toBe(40001)
  })
})

describe('GET /classes/:id', () => {
  test('answers one class with its teacher and seats', async () => {
    gw = await startTestGateway()
    const list = await gw.call<{ list: ClassDto[] }>('GET', '/classes')
    const id = list.body.data.list[2]?.id
    const res = await gw.call<ClassDto>('GET', `/classes/${id}`)
    expect(res.body.data).toEqual({ ...list.body.data.list[2], description: expect.any(String) })
  })

  test.each([
    ['99999', 40401, '课程不存在'],
    ['abc', 40001, 'id 必须是正整数'],
    ['0', 40001, 'id 必须是正整数'],
  ])('/classes/%s answers %i', async (id, code, msg) => {
    gw = await startTestGateway()
    expect((await gw.call('GET', `/classes/${id}`)).body).toMatchObject({ code, msg })
  })
})

describe('teachers', () => {
  interface TeacherDto {
    id: number
    name: string
    styles: string[]
    bio: string
    avatar: string
  }

  test('GET /teachers lists the studio’s teachers with their styles and bios', async () => {
    gw = await startTestGateway()
    const res = await gw.call<{ list: TeacherDto[] }>('GET', '/teachers')
    expect(res.body.code).toBe(200)
    expect(res.body.data.list.map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6])
    expect(res.body.data.list[0]).toEqual({
      id: 1,
      name: '林夏',
      styles: ['jazz', 'kpop'],
      bio: expect.stringContaining('爵士'),
      avatar: expect.any(String),
    })
  })

  test('GET /teachers/:id answers the teacher and their classes not yet ended over the two published weeks', async () => {
    gw = await startTestGateway({ start: '2025-06-02T19:30:00+08:00' })
    const res = await gw.call<{ teacher: TeacherDto; classes: ClassDto[] }>('GET', '/teachers/2')
    expect(res.body.code).toBe(200)
    expect(res.body.data.teacher).toMatchObject({ id: 2, name: '阿杰', styles: ['hiphop'] })
    const classes = res.body.data.classes
    expect(classes.length).toBeGreaterThan(0)
    expect(classes.every((c) => c.teacher.id === 2 && c.status !== 'ended')).toBe(true)
    const days = classes.map((c) => c.date)
    expect(days.every((day) => day >= '2025-06-02' && day <= '2025-06-15')).toBe(true)
    // The second week is there too, not only the seven days `GET /classes` answers by default.
    expect(days.some((day) => day > '2025-06-08')).toBe(true)
    const starts = classes.map((c) => Date.parse(c.startsAt))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    // Today's ended classes are left out (the clock is at 19:30: the 12:00 class is over).
    const ended = await gw.call<{ list: ClassDto[] }>(
      'GET',
      '/classes?from=2025-06-02&to=2025-06-02&teacherId=2',
    )
    for (const past of ended.body.data.list.filter((c) => c.status === 'ended')) {
      expect(classes.map((c) => c.id)).not.toContain(past.id)
    }
  })

  test('GET /teachers/:id shows a signed-in customer which of the classes they booked', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn('13800138000')
    const anyTeacher = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((id) => gw.call<{ classes: ClassDto[] }>('GET', `/teachers/${id}`, { auth })),
    )
    const booked = anyTeacher.flatMap((res) => res.body.data.classes).filter((c) => c.myBookingId !== null)
    expect(booked.length).toBeGreaterThan(0)
  })

  test.each([
    ['99', 40401, '老师不存在'],
    ['x', 40001, 'id 必须是正整数'],
  ])('/teachers/%s answers %i', async (id, code, msg) => {
    gw = await startTestGateway()
    expect((await gw.call('GET', `/teachers/${id}`)).body).toMatchObject({ code, msg })
  })
})

describe('articles', () => {
  test('GET /articles lists the marketing articles newest first, in Chinese, without their text', async () => {
    gw = await startTestGateway()
    const res = await gw.call<{
      list: Array<{ id: number; title: string; publishedAt: string; content?: string }>
      total: number
      page: number
      pageSize: number
    }>('GET', '/articles')
    expect(res.body.data).toMatchObject({ total: 5, page: 1, pageSize: 10 })
    const dates = res.body.data.list.map((a) => Date.parse(a.publishedAt))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    expect(res.body.data.list[0]?.title).toMatch(/[\u4e00-\u9fff]/)
    expect(res.body.data.list[0]?.content).toBeUndefined()
  })

  test('pages through with page and pageSize', async () => {
    gw = await startTestGateway()
    const first = await gw.call<{ list: Array<{ id: number }> }>('GET', '/articles?page=1&pageSize=2')
    const third = await gw.call<{ list: Array<{ id: number }> }>('GET', '/articles?page=3&pageSize=2')
    expect(first.body.data.list).toHaveLength(2)
    expect(third.body.data.list).toHaveLength(1)
    const beyond = await gw.call<{ list: unknown[] }>('GET', '/articles?page=9&pageSize=2')
    expect(beyond.body.data.list).toEqual([])
  })

  test.each(['page=0', 'pageSize=51', 'pageSize=x', 'page=-1'])(
    '?%s is refused with 40001',
    async (query) => {
      gw = await startTestGateway()
      expect((await gw.call('GET', `/articles?${query}`)).body.code).toBe(40001)
    },
  )

  test('GET /articles/:id answers the article with its text; an unknown id answers 40401', async () => {
    gw = await startTestGateway()
    const list = await gw.call<{ list: Array<{ id: number; title: string }> }>('GET', '/articles')
    const article = list.body.data.list[0]
    const res = await gw.call<{ id: number; title: string; content: string }>(
      'GET',
      `/articles/${article?.id}`,
    )
    expect(res.body.data.title).toBe(article?.title)
    expect(res.body.data.content.split('\n\n').length).toBeGreaterThan(1)
    expect((await gw.call('GET', '/articles/424242')).body).toMatchObject({ code: 40401, msg: '文章不存在' })
  })
})
