import { addDays, type DataLanguage, type TeacherList, weekday } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { noticeTime, noticeTimeEn, writeNotice } from './notices'
import { TEACHER_COLUMNS, type TeacherRow, toTeacherDto } from './studio'

// Teachers a customer follows (issue 31): a heart on the teacher's page, "my teachers" in the schedule, and one
// notice when the studio publishes new classes of theirs.

function checkTeacher(ctx: GatewayContext, teacherId: number): void {
  if (!ctx.db.get('SELECT id FROM teachers WHERE id = ?', teacherId)) {
    throw new Refusal('NOT_FOUND', { msg: '老师不存在' })
  }
}

/** Follows a teacher (again: nothing changes). */
export function follow(ctx: GatewayContext, customerId: number, teacherId: number): { followed: boolean } {
  checkTeacher(ctx, teacherId)
  ctx.db.run(
    'INSERT INTO follows (customer_id, teacher_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    customerId,
    teacherId,
    ctx.now(),
  )
  return { followed: true }
}

/** Stops following a teacher (not followed: nothing changes). */
export function unfollow(ctx: GatewayContext, customerId: number, teacherId: number): { followed: boolean } {
  checkTeacher(ctx, teacherId)
  ctx.db.run('DELETE FROM follows WHERE customer_id = ? AND teacher_id = ?', customerId, teacherId)
  return { followed: false }
}

/** The teachers the customer follows, in the order they were followed. */
export function followedTeachers(
  ctx: GatewayContext,
  customerId: number,
  lang: DataLanguage = 'zh',
): TeacherList {
  const rows = ctx.db.all<TeacherRow>(
    `SELECT ${TEACHER_COLUMNS(lang)} FROM teachers
     JOIN follows f ON f.teacher_id = teachers.id AND f.customer_id = ?
     ORDER BY f.created_at, teachers.id`,
    customerId,
  )
  return { list: rows.map(toTeacherDto) }
}

/**
 * Tells followers of the classes published since the last run, then marks those classes told. One notice per follower
 * and teacher for each week of the weekly template a run finds (a new week is one notice, not one per class), and one
 * per class the studio adds on its own; keyed, so a run after a restart, or a second run, tells nobody twice. A class
 * already started or cancelled is marked without a word. Answers how many notices were written.
 */
export function tellFollowers(ctx: GatewayContext, now: number): number {
  return ctx.db.transaction(() => {
    const fresh = ctx.db.all<{
      id: number
      teacher_id: number
      teacher_name: string
      teacher_name_en: string
      title: string
      starts_at: number
      day: string
      source: string
      cancelled_at: number | null
    }>(
      `SELECT k.id, k.teacher_id, t.name AS teacher_name, COALESCE(NULLIF(t.name_en, ''), t.name) AS teacher_name_en,
         k.title, k.starts_at, k.day, k.source, k.cancelled_at
       FROM classes k JOIN teachers t ON t.id = k.teacher_id
       WHERE k.followers_told = 0 ORDER BY k.starts_at, k.id LIMIT 2000`,
    )
    // Each batch: the template's classes of a teacher by week, or one class the studio added.
    const batches = new Map<string, typeof fresh>()
    for (const klass of fresh) {
      if (klass.cancelled_at !== null || klass.starts_at <= now) continue
      const key =
        klass.source === 'schedule'
          ? `teacher:${klass.teacher_id}:week:${weekOf(klass.day)}`
          : `teacher:${klass.teacher_id}:class:${klass.id}`
      batches.set(key, [...(batches.get(key) ?? []), klass])
    }
    let written = 0
    for (const [key, classes] of batches) {
      const first = classes[0]
      if (!first) continue
      const followers = ctx.db.all<{ customer_id: number }>(
        'SELECT customer_id FROM follows WHERE teacher_id = ? AND created_at <= ?',
        first.teacher_id,
        now,
      )
      const more = classes.length - 1
      for (const { customer_id } of followers) {
        const wrote = writeNotice(
          ctx,
          {
            customerId: customer_id,
            kind: 'teacher-new-class',
            key: `teacher-new-class:${key}:customer:${customer_id}`,
            title: `${first.teacher_name}有新课`,
            body: `你关注的${first.teacher_name}老师开了新课：「${first.title}」${noticeTime(first.starts_at)}${more > 0 ? `，另有 ${more} 节` : ''}。`,
            titleEn: `New class with ${first.teacher_name_en}`,
            bodyEn: `${first.teacher_name_en}, whom you follow, has a new class: "${first.title}" on ${noticeTimeEn(first.starts_at)}${more > 0 ? `, and ${more} more` : ''}.`,
            classId: first.id,
          },
          now,
        )
        if (wrote) written++
      }
    }
    for (const klass of fresh) ctx.db.run('UPDATE classes SET followers_told = 1 WHERE id = ?', klass.id)
    return written
  })
}

/** The Monday of a studio date's week. */
const weekOf = (day: string): string => addDays(day, -((weekday(day) + 6) % 7))
