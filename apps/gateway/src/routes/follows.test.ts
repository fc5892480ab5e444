import type { ClassList, TeacherDetail, TeacherList } from '@xdance/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { DEMO_PHONE } from '../db/demo-data'
import { devPost } from '../testing/shop-helpers'
import { startTestGateway, type TestGateway } from '../testing/test-gateway'

// Issue 31: teachers one follows, "my teachers" in the schedule, and one notice for a followed teacher's new classes.

let gw: TestGateway

afterEach(async () => {
  await gw?.close()
})

type Notices = { list: { kind: string; body: string }[] }
const newClassNotices = async (auth: string) =>
  (await gw.call<Notices>('GET', '/notices', { auth })).body.data.list.filter(
    (n) => n.kind === 'teacher-new-class',
  )

describe('following a teacher', () => {
  test('a heart follows and unfollows; 我的 lists them; the teacher page says so; twice is once', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    expect((await gw.call<TeacherDetail>('GET', '/teachers/2', { auth })).body.data.followed).toBe(false)
    for (const _ of [1, 2]) {
      expect((await gw.call('POST', '/teachers/2/follow', { auth })).body.data).toEqual({ followed: true })
    }
    await gw.call('POST', '/teachers/5/follow', { auth })
    expect((await gw.call<TeacherDetail>('GET', '/teachers/2', { auth })).body.data.followed).toBe(true)
    const mine = await gw.call<TeacherList>('GET', '/me/teachers', { auth })
    expect(mine.body.data.list.map((teacher) => teacher.id)).toEqual([2, 5])
    expect((await gw.call('POST', '/teachers/2/unfollow', { auth })).body.data).toEqual({ followed: false })
    expect(
      (await gw.call<TeacherList>('GET', '/me/teachers', { auth })).body.data.list.map((t) => t.id),
    ).toEqual([5])
    expect((await gw.call('POST', '/teachers/999/follow', { auth })).body.code).toBe(40401)
    expect((await gw.call('POST', '/teachers/2/follow')).body.code).toBe(401)
    // Signed out, nobody is followed.
    expect((await gw.call<TeacherDetail>('GET', '/teachers/5')).body.data.followed).toBe(false)
  })

  test('the schedule’s "my teachers" keeps their classes only; signed out, none', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    await gw.call('POST', '/teachers/5/follow', { auth })
    const week = '/classes?from=2025-06-02&to=2025-06-08'
    const all = (await gw.call<ClassList>('GET', week, { auth })).body.data.list
    const mine = (await gw.call<ClassList>('GET', `${week}&followed=1`, { auth })).body.data.list
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.every((item) => item.teacher.id === 5)).toBe(true)
    expect(mine.length).toBe(all.filter((item) => item.teacher.id === 5).length)
    expect((await gw.call<ClassList>('GET', `${week}&followed=1`)).body.data.list).toEqual([])
    expect((await gw.call('GET', `${week}&followed=yes`)).body.code).toBe(40001)
  })
})

describe('a followed teacher’s new classes', () => {
  test('a class the studio adds: one notice per follower, never again on later runs; others’ classes say nothing', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    const other = await gw.signIn('13900001111')
    await devPost(gw, '/scheduler/tick')
    await gw.call('POST', '/teachers/2/follow', { auth })
    await devPost(gw, '/classes', { teacherId: 2, startsInMinutes: 3 * 24 * 60, title: 'Breaking 新班' })
    await devPost(gw, '/classes', { teacherId: 3, startsInMinutes: 3 * 24 * 60, title: '芭蕾新班' })
    await devPost(gw, '/scheduler/tick')
    await devPost(gw, '/scheduler/tick')
    const told = await newClassNotices(auth)
    expect(told).toHaveLength(1)
    expect(told[0]?.body).toContain('Breaking 新班')
    expect(await newClassNotices(other)).toEqual([])
  })

  test('a new week of the template is one notice, not one per class, and a restart of the work tells nobody twice', async () => {
    gw = await startTestGateway()
    const auth = await gw.signIn(DEMO_PHONE)
    await devPost(gw, '/scheduler/tick')
    await gw.call('POST', '/teachers/1/follow', { auth })
    // A week passes: the demo's top-up publishes seven new days of the template.
    gw.clock.advance(7 * 24 * 60 * 60_000)
    const again = await gw.signIn(DEMO_PHONE)
    await devPost(gw, '/scheduler/tick')
    await devPost(gw, '/scheduler/tick')
    const told = await newClassNotices(again)
    const published = (
      await gw.call<ClassList>('GET', '/classes?from=2025-06-15&to=2025-06-22', { auth: again })
    ).body.data.list.filter((item) => item.teacher.id === 1)
    expect(published.length).toBeGreaterThan(1)
    // The new days span at most two template weeks: a notice each, naming how many more.
    expect(told.length).toBeGreaterThanOrEqual(1)
    expect(told.length).toBeLessThanOrEqual(2)
    expect(told.some((notice) => /另有 \d+ 节/.test(notice.body))).toBe(true)
  })
})
