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
