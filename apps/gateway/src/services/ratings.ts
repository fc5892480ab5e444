import { RULES, type TeacherRatings, toStudioIso } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { localized } from '../db/localized'

// Ratings after class (issue 31): the customer rates a booking of a class the member attended, once, within
// RULES.ratingWindowDays of its end, and may change it for RULES.ratingEditHours; a teacher's average is shown from
// RULES.ratingsShownFrom ratings on.

const DAY_MS = 24 * 60 * 60_000
const WINDOW_MS = RULES.ratingWindowDays * DAY_MS
const EDIT_MS = RULES.ratingEditHours * 60 * 60_000

/** A rating as a booking carries it. */
export interface RatingRow {
  stars: number
  comment: string
  created_at: number
}

/** The booking's rating as the client sees it, with when it can no longer be changed. */
export const ratingDto = (rating: RatingRow) => ({
  stars: rating.stars,
  comment: rating.comment,
  ratedAt: toStudioIso(rating.created_at),
  editableUntil: toStudioIso(rating.created_at + EDIT_MS),
})

/** Whether 我的课程 asks for a rating of this booking at `now`. */
export function ratingPrompt(
  booking: { attendance?: string | null | undefined; rating_dismissed_at?: number | null | undefined },
  klass: { ends_at: number },
  rating: RatingRow | null,
  now: number,
): boolean {
  return (
    booking.attendance === 'attended' &&
    rating === null &&
    (booking.rating_dismissed_at ?? null) === null &&
    now >= klass.ends_at &&
    now < klass.ends_at + WINDOW_MS
  )
}

// Plain text: control characters (but line breaks) are dropped, so a comment cannot carry invisible tricks.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g

interface RatedBooking {
  id: number
  customer_id: number
  class_id: number
  teacher_id: number
  attendance: string | null
  status: string
  ends_at: number
}

/**
 * Rates (or, within the edit window, re-rates) a booking of the customer's: only a class the member attended and that
 * has ended, within the rating window; a second rating of the same booking changes the first.
 */
export function rateBooking(
  ctx: GatewayContext,
  customerId: number,
  bookingId: number,
  stars: number,
  comment: string,
): void {
  const text = comment.replace(CONTROL, '').trim()
  ctx.db.transaction(() => {
    const now = ctx.now()
    const booking = ctx.db.get<RatedBooking>(
      `SELECT b.id, b.customer_id, b.class_id, k.teacher_id, b.attendance, b.status, k.ends_at
       FROM bookings b JOIN classes k ON k.id = b.class_id WHERE b.id = ? AND b.customer_id = ?`,
      bookingId,
      customerId,
    )
    if (!booking) throw new Refusal('NOT_FOUND', { msg: '预约不存在' })
    if (booking.status !== 'booked' || booking.attendance !== 'attended')
      throw new Refusal('RATING_NOT_ATTENDED')
    if (now < booking.ends_at) throw new Refusal('RATING_NOT_ATTENDED', { msg: '课程结束后才能评价' })
    const existing = ctx.db.get<RatingRow>('SELECT * FROM ratings WHERE booking_id = ?', bookingId)
    if (existing) {
      if (now > existing.created_at + EDIT_MS) {
        throw new Refusal('RATING_CLOSED', { msg: `评价已超过 ${RULES.ratingEditHours} 小时，不能修改` })
      }
      ctx.db.run(
        'UPDATE ratings SET stars = ?, comment = ?, updated_at = ? WHERE booking_id = ?',
        stars,
        text,
        now,
        bookingId,
      )
      return
    }
    if (now >= booking.ends_at + WINDOW_MS) throw new Refusal('RATING_CLOSED')
    ctx.db.run(
      `INSERT INTO ratings (booking_id, customer_id, teacher_id, class_id, stars, comment, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      bookingId,
      customerId,
      booking.teacher_id,
      booking.class_id,
      stars,
      text,
      now,
      now,
    )
  })
}

/** The customer says no to the rating prompt of a booking: 我的课程 asks no more. */
export function dismissRating(ctx: GatewayContext, customerId: number, bookingId: number): void {
  const done = ctx.db.run(
    'UPDATE bookings SET rating_dismissed_at = COALESCE(rating_dismissed_at, ?) WHERE id = ? AND customer_id = ?',
    ctx.now(),
    bookingId,
    customerId,
  )
  if (done.changes !== 1) throw new Refusal('NOT_FOUND', { msg: '预约不存在' })
}

/** The newest comments a teacher's page shows. */
const SHOWN_COMMENTS = 5

/**
 * A teacher's ratings: the count, and from `RULES.ratingsShownFrom` on the average (one decimal) and the newest
 * comments with text (no name: a customer's words, not who wrote them).
 */
export function teacherRatings(
  ctx: GatewayContext,
  teacherId: number,
  lang: 'zh' | 'en' = 'zh',
): TeacherRatings {
  if (!ctx.db.get('SELECT id FROM teachers WHERE id = ?', teacherId)) {
    throw new Refusal('NOT_FOUND', { msg: '老师不存在' })
  }
  const summary = ctx.db.get<{ n: number; average: number | null }>(
    'SELECT COUNT(*) AS n, AVG(stars) AS average FROM ratings WHERE teacher_id = ?',
    teacherId,
  ) ?? { n: 0, average: null }
  if (summary.n < RULES.ratingsShownFrom) return { teacherId, count: summary.n, average: null, comments: [] }
  const comments = ctx.db.all<{ stars: number; comment: string; title: string; created_at: number }>(
    `SELECT r.stars, r.comment, ${localized('k.title', lang)} AS title, r.created_at
     FROM ratings r JOIN classes k ON k.id = r.class_id
     WHERE r.teacher_id = ? AND r.comment <> '' ORDER BY r.created_at DESC, r.booking_id DESC LIMIT ?`,
    teacherId,
    SHOWN_COMMENTS,
  )
  return {
    teacherId,
    count: summary.n,
    average: Math.round((summary.average ?? 0) * 10) / 10,
    comments: comments.map((row) => ({
      stars: row.stars,
      comment: row.comment,
      classTitle: row.title,
      ratedAt: toStudioIso(row.created_at),
    })),
  }
}
