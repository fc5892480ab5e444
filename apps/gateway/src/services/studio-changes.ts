import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { returnCredits } from './cards'
import { rewardInviter } from './invitations'
import { creditsEn, noticeTime, noticeTimeEn, writeNotice } from './notices'
import { cardNameEn } from './seating'

/** What the studio changes about a class: its start (the length kept) and its room. */
export interface ClassChange {
  startsAt?: number | undefined
  room?: string | undefined
  /** The new room in English; a room changed without it has none (English then shows the Chinese). */
  roomEn?: string | undefined
}

/**
 * The studio moves a class or changes its room: the class is updated and each customer booked on it gets one
 * `class-changed` notice (through the outbox) in the same transaction. A change that changes nothing sends
 * nothing. Answers how many were told.
 *
 * @example
 * changeClass(ctx, 7, { room: 'B 教室' }) // 3
 */
export function changeClass(ctx: GatewayContext, classId: number, change: ClassChange): number {
  return ctx.db.transaction(() => {
    const klass = ctx.db.get<{
      title: string
      title_en: string
      starts_at: number
      ends_at: number
      room: string
      room_en: string
    }>(
      `SELECT title, COALESCE(NULLIF(title_en, ''), title) AS title_en, starts_at, ends_at, room, room_en
       FROM classes WHERE id = ?`,
      classId,
    )
    if (!klass) throw new Refusal('NOT_FOUND', { msg: '课程不存在' })
    const startsAt = change.startsAt ?? klass.starts_at
    const room = change.room ?? klass.room
    // A new room's old English would name the old room: it goes unless the studio wrote the new one's.
    const roomEn = change.roomEn ?? (room === klass.room ? klass.room_en : '')
    if (startsAt === klass.starts_at && room === klass.room && roomEn === klass.room_en) return 0
    const now = ctx.now()
    ctx.db.run(
      'UPDATE classes SET starts_at = ?, ends_at = ?, room = ?, room_en = ? WHERE id = ?',
      startsAt,
      startsAt + (klass.ends_at - klass.starts_at),
      room,
      roomEn,
      classId,
    )
    const what = [
      startsAt !== klass.starts_at ? `时间改为 ${noticeTime(startsAt)}` : '',
      room !== klass.room || roomEn !== klass.room_en ? `教室改为 ${room}` : '',
    ]
      .filter(Boolean)
      .join('，')
    // In English the new room's English, or its Chinese where the studio wrote none.
    const whatEn = [
      startsAt !== klass.starts_at ? `now starts at ${noticeTimeEn(startsAt)}` : '',
      room !== klass.room || roomEn !== klass.room_en ? `is now in ${roomEn || room}` : '',
    ]
      .filter(Boolean)
      .join(' and ')
    const booked = ctx.db.all<{ id: number; customer_id: number; member_name: string; member_self: number }>(
      `SELECT b.id, b.customer_id, m.name AS member_name, m.self AS member_self
       FROM bookings b JOIN members m ON m.id = b.member_id WHERE b.class_id = ? AND b.status = 'booked'`,
      classId,
    )
    let told = 0
    for (const booking of booked) {
      // Keyed by the change's time: each change is told once, a second change is another notice.
      const written = writeNotice(ctx, {
        customerId: booking.customer_id,
        kind: 'class-changed',
        key: `class-changed:booking:${booking.id}:${now}`,
        title: '课程有变动',
        body: `${forMember(booking)}「${klass.title}」（原 ${noticeTime(klass.starts_at)}）${what}。`,
        titleEn: 'Class changed',
        bodyEn: `${forMemberEn(booking)}"${klass.title_en}" (was ${noticeTimeEn(klass.starts_at)}) ${whatEn}.`,
        classId,
      })
      if (written) told += 1
    }
    return told
  })
}

// A notice of a family member's booking starts with whom it is for (the parent holds the phone).
const forMember = (booking: { member_name: string; member_self: number }) =>
  booking.member_self === 1 ? '' : `【${booking.member_name}】`
const forMemberEn = (booking: { member_name: string; member_self: number }) =>
  booking.member_self === 1 ? '' : `[${booking.member_name}] `

/**
 * The studio marks whether the customer came to a booked class that has started (`attended` or `missed`); marking
 * again changes the mark. Refused for a cancelled booking or a class not yet started.
 *
 * @example
 * markAttendance(ctx, 12, 'missed')
 */
export function markAttendance(
  ctx: GatewayContext,
  bookingId: number,
  attendance: 'attended' | 'missed',
): void {
  const booking = ctx.db.get<{ status: string; starts_at: number; customer_id: number }>(
    'SELECT b.status, k.starts_at, b.customer_id FROM bookings b JOIN classes k ON k.id = b.class_id WHERE b.id = ?',
    bookingId,
  )
  if (!booking) throw new Refusal('NOT_FOUND', { msg: '预约不存在' })
  if (booking.status !== 'booked') throw new Refusal('BOOKING_ALREADY_CANCELLED')
  if (ctx.now() < booking.starts_at) {
    throw new Refusal('VALIDATION', { msg: '课程还没开始，不能记录到课', data: { field: 'attendance' } })
  }
  ctx.db.transaction(() => {
    ctx.db.run('UPDATE bookings SET attendance = ? WHERE id = ?', attendance, bookingId)
    if (attendance === 'attended') rewardInviter(ctx, booking.customer_id, ctx.now())
  })
}

/**
 * The studio cancels a class that has not started: it leaves the schedule, every live booking is cancelled and its
 * credits go back to its card, the waitlist is closed, and each of those customers gets one `class-cancelled`
 * notice, all in one transaction. Cancelling it again tells nobody. Answers how many were told.
 *
 * @example
 * cancelClass(ctx, 7) // 12
 */
export function cancelClass(ctx: GatewayContext, classId: number): number {
  return ctx.db.transaction(() => {
    const now = ctx.now()
    const klass = ctx.db.get<{
      title: string
      title_en: string
      starts_at: number
      cancelled_at: number | null
    }>(
      "SELECT title, COALESCE(NULLIF(title_en, ''), title) AS title_en, starts_at, cancelled_at FROM classes WHERE id = ?",
      classId,
    )
    if (!klass) throw new Refusal('NOT_FOUND', { msg: '课程不存在' })
    if (klass.cancelled_at !== null) return 0
    if (now >= klass.starts_at) throw new Refusal('CLASS_STARTED', { msg: '课程已开始，不能取消' })
    ctx.db.run('UPDATE classes SET cancelled_at = ?, booked = 0 WHERE id = ?', now, classId)
    const line = `「${klass.title}」${noticeTime(klass.starts_at)}`
    const lineEn = `"${klass.title_en}" on ${noticeTimeEn(klass.starts_at)}`
    let told = 0
    const bookings = ctx.db.all<{
      id: number
      customer_id: number
      card_id: number
      credits: number
      card_name: string
      card_name_en: string
      member_name: string
      member_self: number
    }>(
      `SELECT b.id, b.customer_id, b.card_id, b.credits, c.name AS card_name, c.name_en AS card_name_en,
         m.name AS member_name, m.self AS member_self
       FROM bookings b JOIN cards c ON c.id = b.card_id JOIN members m ON m.id = b.member_id
       WHERE b.class_id = ? AND b.status = 'booked'`,
      classId,
    )
    for (const booking of bookings) {
      ctx.db.run("UPDATE bookings SET status = 'cancelled', cancelled_at = ? WHERE id = ?", now, booking.id)
      returnCredits(ctx, booking.card_id, booking.credits)
      const written = writeNotice(ctx, {
        customerId: booking.customer_id,
        kind: 'class-cancelled',
        key: `class-cancelled:booking:${booking.id}`,
        title: '课程已取消',
        body: `${forMember(booking)}${line}因故取消，你的预约已取消，${booking.credits} 次已退回「${booking.card_name}」。`,
        titleEn: 'Class cancelled',
        bodyEn: `${forMemberEn(booking)}The studio cancelled ${lineEn}; your booking is cancelled and ${creditsEn(booking.credits)} returned to "${cardNameEn({ name: booking.card_name, name_en: booking.card_name_en })}".`,
        classId,
        cardId: booking.card_id,
      })
      if (written) told += 1
    }
    const waiting = ctx.db.all<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM waitlist WHERE class_id = ? AND status = 'waiting'",
      classId,
    )
    for (const entry of waiting) {
      ctx.db.run("UPDATE waitlist SET status = 'closed', settled_at = ? WHERE id = ?", now, entry.id)
      const written = writeNotice(ctx, {
        customerId: entry.customer_id,
        kind: 'class-cancelled',
        key: `class-cancelled:waitlist:${entry.id}`,
        title: '课程已取消',
        body: `${line}因故取消，你已不在候补名单中，没有扣次。`,
        titleEn: 'Class cancelled',
        bodyEn: `The studio cancelled ${lineEn}; you are off its waitlist and nothing was taken from your card.`,
        classId,
      })
      if (written) told += 1
    }
    return told
  })
}

/** The studio's reminder lead time: its own setting (`null`: none) and the one in effect (else the gateway's). */
export interface ReminderSetting {
  reminderMinutes: number
  own: number | null
}

/**
 * The studio (the first, as the demo has one) sets its reminder lead time in minutes (1 to 10 080), or `null` to
 * follow the gateway's `GATEWAY_REMINDER_MINUTES`. Reminders already written stay; the next scheduler run uses it.
 *
 * @example
 * setReminderMinutes(ctx, 30) // { reminderMinutes: 30, own: 30 }
 */
export function setReminderMinutes(ctx: GatewayContext, minutes: number | null): ReminderSetting {
  const org = ctx.db.get<{ id: string }>('SELECT id FROM orgs ORDER BY id LIMIT 1')
  if (!org) throw new Refusal('NOT_FOUND', { msg: '机构信息不存在' })
  ctx.db.run('UPDATE orgs SET reminder_minutes = ? WHERE id = ?', minutes, org.id)
  return reminderSetting(ctx)
}

/** The first studio's reminder lead time, as {@link setReminderMinutes} answers it. */
export function reminderSetting(ctx: GatewayContext): ReminderSetting {
  const org = ctx.db.get<{ reminder_minutes: number | null }>(
    'SELECT reminder_minutes FROM orgs ORDER BY id LIMIT 1',
  )
  if (!org) throw new Refusal('NOT_FOUND', { msg: '机构信息不存在' })
  return { reminderMinutes: org.reminder_minutes ?? ctx.reminderMinutes, own: org.reminder_minutes }
}
