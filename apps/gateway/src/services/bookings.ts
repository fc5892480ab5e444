import {
  type Booking,
  type Bookings,
  type DataLanguage,
  type DoorCheckInResult,
  RULES,
  toStudioIso,
} from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { localized } from '../db/localized'
import type { Customer } from './auth'
import { returnCredits } from './cards'
import { type CheckInRules, checkInAtDoor, checkInRules, checkInWindow } from './check-in'
import { bookingMember, checkAge, memberNameSql } from './members'
import { creditsEn, writeNotice } from './notices'
import { ratingDto, ratingPrompt } from './ratings'
import {
  cardNameEn,
  chooseCard,
  classLine,
  classLineEn,
  classTitleEn,
  loadSeatClass,
  takeSeat,
} from './seating'
import { type ClassRow, classColumns, toClassDto } from './studio'
import { promoteFromWaitlist, settleOwnWait } from './waitlist'

interface BookingRow {
  id: number
  customer_id: number
  class_id: number
  card_id: number
  card_name: string
  /** The card's English name, where the row was read with it ('' where the studio wrote none). */
  card_name_en?: string
  credits: number
  status: 'booked' | 'cancelled'
  created_at: number
  cancelled_at: number | null
  attendance?: 'attended' | 'missed' | null | undefined
  member_id: number
  member_name: string
  member_self: number
  checked_in_at: number | null
  rating_dismissed_at?: number | null
  /** The booking's rating, where the row was read with it (`r_stars` null: not rated). */
  r_stars?: number | null
  r_comment?: string | null
  r_created_at?: number | null
}

// The booking's rating, if any (alias r).
const RATING_JOIN = 'LEFT JOIN ratings r ON r.booking_id = b.id'
const RATING_FIELDS = 'r.stars AS r_stars, r.comment AS r_comment, r.created_at AS r_created_at'

// The member a booking is for, its name (the customer's nickname for their own row) and whether it is them.
const MEMBER_JOIN = `JOIN members m ON m.id = b.member_id JOIN customers mc ON mc.id = m.customer_id`
const MEMBER_FIELDS = `m.id AS member_id, ${memberNameSql('m', 'mc')} AS member_name,
  m.self AS member_self`

const CUTOFF_MS = RULES.cancelCutoffMinutes * 60_000

function bookingDto(
  booking: BookingRow,
  klass: ClassRow,
  now: number,
  lang: DataLanguage,
  rules: CheckInRules,
): Booking {
  const cancelDeadline = klass.starts_at - CUTOFF_MS
  const window = checkInWindow(rules, klass.starts_at)
  const rating =
    booking.r_stars === null || booking.r_stars === undefined
      ? null
      : { stars: booking.r_stars, comment: booking.r_comment ?? '', created_at: booking.r_created_at ?? 0 }
  return {
    id: booking.id,
    status: booking.status,
    classId: booking.class_id,
    class: toClassDto(klass, now, booking.status === 'booked' ? booking.id : null, lang),
    cardId: booking.card_id,
    cardName: booking.card_name,
    credits: booking.credits,
    createdAt: new Date(booking.created_at).toISOString(),
    cancelledAt: booking.cancelled_at === null ? null : new Date(booking.cancelled_at).toISOString(),
    cancelDeadline: toStudioIso(cancelDeadline),
    cancellable: booking.status === 'booked' && now < cancelDeadline,
    attendance: booking.attendance ?? null,
    member: { id: booking.member_id, name: booking.member_name, self: booking.member_self === 1 },
    checkIn: {
      opensAt: toStudioIso(window.opensAt),
      closesAt: toStudioIso(window.closesAt),
      checkedInAt: booking.checked_in_at === null ? null : toStudioIso(booking.checked_in_at),
    },
    rating: rating && ratingDto(rating),
    ratingPrompt: booking.status === 'booked' && ratingPrompt(booking, klass, rating, now),
  }
}

function loadBooking(ctx: GatewayContext, customer: Customer, bookingId: number, lang: DataLanguage = 'zh') {
  const booking = ctx.db.get<BookingRow>(
    `SELECT b.*, ${localized('c.name', lang)} AS card_name, c.name_en AS card_name_en, ${MEMBER_FIELDS},
       ${RATING_FIELDS}
     FROM bookings b JOIN cards c ON c.id = b.card_id ${MEMBER_JOIN} ${RATING_JOIN}
     WHERE b.id = ? AND b.customer_id = ?`,
    bookingId,
    customer.id,
  )
  if (!booking) throw new Refusal('NOT_FOUND', { msg: '预约不存在' })
  const klass = ctx.db.get<ClassRow>(
    `SELECT ${classColumns(lang)} FROM classes k JOIN teachers t ON t.id = k.teacher_id WHERE k.id = ?`,
    booking.class_id,
  )
  if (!klass) throw new Refusal('NOT_FOUND', { msg: '课程不存在' })
  return { booking, klass }
}

/** One of the customer's bookings as the client sees it. */
export function getBooking(
  ctx: GatewayContext,
  customer: Customer,
  bookingId: number,
  lang: DataLanguage,
): Booking {
  const { booking, klass } = loadBooking(ctx, customer, bookingId, lang)
  return bookingDto(booking, klass, ctx.now(), lang, checkInRules(ctx))
}

/**
 * The customer opened the studio's door code: their bookings open for check-in now are checked in (or, several
 * members booked and none chosen, answered to choose among).
 */
export function checkInAtDoorFor(
  ctx: GatewayContext,
  customer: Customer,
  door: string,
  memberIds: readonly number[] | undefined,
  lang: DataLanguage,
): DoorCheckInResult {
  const { checkedIn, choose } = checkInAtDoor(ctx, customer.id, door, memberIds)
  return {
    checkedIn: checkedIn.map((id) => getBooking(ctx, customer, id, lang)),
    choose: choose.map((id) => getBooking(ctx, customer, id, lang)),
  }
}

/**
 * The customer's bookings: upcoming (soonest first) and past (latest first), cancelled ones included; the
 * classes' texts and the cards' names in `lang`.
 */
export function listBookings(ctx: GatewayContext, customer: Customer, lang: DataLanguage = 'zh'): Bookings {
  const now = ctx.now()
  const rules = checkInRules(ctx)
  const rows = ctx.db.all<
    ClassRow & {
      booking_id: number
      customer_id: number
      card_id: number
      card_name: string
      booking_credits: number
      status: BookingRow['status']
      created_at: number
      cancelled_at: number | null
      attendance: BookingRow['attendance']
      member_id: number
      member_name: string
      member_self: number
      checked_in_at: number | null
      rating_dismissed_at: number | null
      r_stars: number | null
      r_comment: string | null
      r_created_at: number | null
    }
  >(
    `SELECT ${classColumns(lang)}, b.id AS booking_id, b.customer_id, b.card_id,
       ${localized('c.name', lang)} AS card_name,
       b.credits AS booking_credits, b.status, b.created_at, b.cancelled_at, b.attendance, b.checked_in_at,
       b.rating_dismissed_at, ${MEMBER_FIELDS}, ${RATING_FIELDS}
     FROM bookings b
     JOIN classes k ON k.id = b.class_id
     JOIN teachers t ON t.id = k.teacher_id
     JOIN cards c ON c.id = b.card_id
     ${MEMBER_JOIN}
     ${RATING_JOIN}
     WHERE b.customer_id = ?
     ORDER BY k.starts_at, b.id`,
    customer.id,
  )
  const dtos = rows.map((row) => {
    const booking: BookingRow = {
      id: row.booking_id,
      customer_id: row.customer_id,
      class_id: row.id,
      card_id: row.card_id,
      card_name: row.card_name,
      credits: row.booking_credits,
      status: row.status,
      created_at: row.created_at,
      cancelled_at: row.cancelled_at,
      attendance: row.attendance,
      member_id: row.member_id,
      member_name: row.member_name,
      member_self: row.member_self,
      checked_in_at: row.checked_in_at,
      rating_dismissed_at: row.rating_dismissed_at,
      r_stars: row.r_stars,
      r_comment: row.r_comment,
      r_created_at: row.r_created_at,
    }
    return { startsAt: row.starts_at, dto: bookingDto(booking, row, now, lang, rules) }
  })
  return {
    upcoming: dtos.filter((d) => d.startsAt > now).map((d) => d.dto),
    past: dtos
      .filter((d) => d.startsAt <= now)
      .reverse()
      .map((d) => d.dto),
  }
}

/** What a booking names: the class, the card to pay with (or the gateway's pick), the member (or the customer). */
export interface BookingChoice {
  classId: number
  cardId?: number | null | undefined
  memberId?: number | null | undefined
}

/**
 * Books a class for a member of the customer's family in one write transaction: the checks and the two guarded
 * updates (a seat, a credit) either all happen or none do, so concurrent bookings of the last seat have exactly one
 * winner and credits never go negative. A class is booked once per member; a member outside its age range is
 * refused, and a card that is not a family card pays only for the customer themself. The confirmation notice,
 * naming the member, is written in the same transaction.
 */
export function bookClass(
  ctx: GatewayContext,
  customer: Customer,
  choice: BookingChoice,
  lang: DataLanguage = 'zh',
): Booking {
  const { classId, cardId } = choice
  const bookingId = ctx.db.transaction(() => {
    const now = ctx.now()
    const klass = loadSeatClass(ctx, classId)
    if (!klass) throw new Refusal('NOT_FOUND', { msg: '课程不存在' })
    if (now >= klass.starts_at) throw new Refusal('CLASS_STARTED')
    const member = bookingMember(ctx, customer.id, choice.memberId)
    const existing = ctx.db.get<{ id: number }>(
      "SELECT id FROM bookings WHERE member_id = ? AND class_id = ? AND status = 'booked'",
      member.id,
      classId,
    )
    if (existing) {
      throw new Refusal('ALREADY_BOOKED', {
        ...(member.self ? {} : { msg: `已为「${member.name}」预约过该课程` }),
        data: { bookingId: existing.id },
      })
    }
    checkAge(member, klass)
    if (klass.booked >= klass.capacity) throw new Refusal('CLASS_FULL')

    const card = chooseCard(ctx, customer.id, cardId, klass, now, member)
    const id = takeSeat(ctx, customer.id, member.id, klass, card, now)
    if (member.self) settleOwnWait(ctx, customer.id, classId, id, now)
    const forWhom = member.self ? '' : `为「${member.name}」`
    const forWhomEn = member.self ? '' : ` for ${member.name}`
    writeNotice(
      ctx,
      {
        customerId: customer.id,
        kind: 'booking-confirmed',
        key: `booking-confirmed:booking:${id}`,
        title: '预约成功',
        body: `你已${forWhom}预约${classLine(klass)}，已从「${card.name}」扣除 ${klass.credits} 次。`,
        titleEn: 'Booked',
        bodyEn: `You booked ${classLineEn(klass)}${forWhomEn}; ${creditsEn(klass.credits)} taken from "${cardNameEn(card)}".`,
        classId,
        cardId: card.id,
      },
      now,
    )
    return id
  })
  return getBooking(ctx, customer, bookingId, lang)
}

/**
 * Cancels a booking until the cut-off before the class, returning the credit to its card; the seat goes to the
 * first on the waitlist whose card still pays.
 */
export function cancelBooking(
  ctx: GatewayContext,
  customer: Customer,
  bookingId: number,
  lang: DataLanguage = 'zh',
): Booking {
  ctx.db.transaction(() => {
    const now = ctx.now()
    const { booking, klass } = loadBooking(ctx, customer, bookingId)
    if (booking.status === 'cancelled') throw new Refusal('BOOKING_ALREADY_CANCELLED')
    if (now >= klass.starts_at - CUTOFF_MS) {
      throw new Refusal('CANCEL_CUTOFF_PASSED', {
        tips: `课程开始前 ${RULES.cancelCutoffMinutes / 60} 小时内不可取消`,
      })
    }
    ctx.db.run(
      "UPDATE bookings SET status = 'cancelled', cancelled_at = ? WHERE id = ? AND status = 'booked'",
      now,
      booking.id,
    )
    ctx.db.run('UPDATE classes SET booked = booked - 1 WHERE id = ? AND booked > 0', klass.id)
    returnCredits(ctx, booking.card_id, booking.credits)
    const forWhom = booking.member_self === 1 ? '' : `「${booking.member_name}」的`
    const forWhomEn = booking.member_self === 1 ? '' : ` for ${booking.member_name}`
    writeNotice(ctx, {
      customerId: customer.id,
      kind: 'booking-cancelled',
      key: `booking-cancelled:booking:${booking.id}`,
      title: '预约已取消',
      body: `${forWhom}${classLine(klass)}的预约已取消，${booking.credits} 次已退回「${booking.card_name}」。`,
      titleEn: 'Booking cancelled',
      bodyEn: `Your booking of ${classLineEn({ title_en: classTitleEn(ctx, klass.id), starts_at: klass.starts_at })}${forWhomEn} is cancelled; ${creditsEn(booking.credits)} returned to "${cardNameEn({ name: booking.card_name, name_en: booking.card_name_en ?? '' })}".`,
      classId: klass.id,
      cardId: booking.card_id,
    })
    // The freed seat goes to the waitlist in this same transaction: nobody else ever sees it free.
    promoteFromWaitlist(ctx, klass.id, now)
  })
  return getBooking(ctx, customer, bookingId, lang)
}
