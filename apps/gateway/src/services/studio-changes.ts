import type { GatewayContext } from '../context'
import { Refusal } from '../gateway-server-error'
import { noticeTime, writeNotice } from './notices'

/** What the studio changes about a class: its start (the length kept) and its room. */
export interface ClassChange {
  startsAt?: number | undefined
  room?: string | undefined
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
    const klass = ctx.db.get<{ title: string; starts_at: number; ends_at: number; room: string }>(
      'SELECT title, starts_at, ends_at, room FROM classes WHERE id = ?',
      classId,
    )
    if (!klass) throw new Refusal('NOT_FOUND', { msg: '课程不存在' })
    const startsAt = change.startsAt ?? klass.starts_at
    const room = change.room ?? klass.room
    if (startsAt === klass.starts_at && room === klass.room) return 0
    const now = ctx.now()
    ctx.db.run(
      'UPDATE classes SET starts_at = ?, ends_at = ?, room = ? WHERE id = ?',
      startsAt,
      startsAt + (klass.ends_at - klass.starts_at),
      room,
      classId,
    )
    const what = [
      startsAt !== klass.starts_at ? `时间改为 ${noticeTime(startsAt)}` : '',
      room !== klass.room ? `教室改为 ${room}` : '',
    ]
      .filter(Boolean)
      .join('，')
    const booked = ctx.db.all<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM bookings WHERE class_id = ? AND status = 'booked'",
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
        body: `「${klass.title}」（原 ${noticeTime(klass.starts_at)}）${what}。`,
        classId,
      })
      if (written) told += 1
    }
    return told
  })
}

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
  const booking = ctx.db.get<{ status: string; starts_at: number }>(
    'SELECT b.status, k.starts_at FROM bookings b JOIN classes k ON k.id = b.class_id WHERE b.id = ?',
    bookingId,
  )
  if (!booking) throw new Refusal('NOT_FOUND', { msg: '预约不存在' })
  if (booking.status !== 'booked') throw new Refusal('BOOKING_ALREADY_CANCELLED')
  if (ctx.now() < booking.starts_at) {
    throw new Refusal('VALIDATION', { msg: '课程还没开始，不能记录到课', data: { field: 'attendance' } })
  }
  ctx.db.run('UPDATE bookings SET attendance = ? WHERE id = ?', attendance, bookingId)
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
    const klass = ctx.db.get<{ title: string; starts_at: number; cancelled_at: number | null }>(
      'SELECT title, starts_at, cancelled_at FROM classes WHERE id = ?',
      classId,
    )
    if (!klass) throw new Refusal('NOT_FOUND', { msg: '课程不存在' })
    if (klass.cancelled_at !== null) return 0
    if (now >= klass.starts_at) throw new Refusal('CLASS_STARTED', { msg: '课程已开始，不能取消' })
    ctx.db.run('UPDATE classes SET cancelled_at = ?, booked = 0 WHERE id = ?', now, classId)
    const line = `「${klass.title}」${noticeTime(klass.starts_at)}`
    let told = 0
    const bookings = ctx.db.all<{
      id: number
      customer_id: number
      card_id: number
      credits: number
      card_name: string
    }>(
      `SELECT b.id, b.customer_id, b.card_id, b.credits, c.name AS card_name FROM bookings b JOIN cards c ON c.id = b.card_id
       WHERE b.class_id = ? AND b.status = 'booked'`,
      classId,
    )
    for (const booking of bookings) {
      ctx.db.run("UPDATE bookings SET status = 'cancelled', cancelled_at = ? WHERE id = ?", now, booking.id)
      ctx.db.run(
        'UPDATE cards SET credits_left = MIN(credits_total, credits_left + ?) WHERE id = ?',
        booking.credits,
        booking.card_id,
      )
      const written = writeNotice(ctx, {
        customerId: booking.customer_id,
        kind: 'class-cancelled',
        key: `class-cancelled:booking:${booking.id}`,
        title: '课程已取消',
        body: `${line}因故取消，你的预约已取消，${booking.credits} 次已退回「${booking.card_name}」。`,
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
        classId,
      })
      if (written) told += 1
    }
    return told
  })
}
