import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { inLanguage } from '../db/localized'
import type { CardRow } from './cards'
import { noticeTime, noticeTimeEn, writeNotice } from './notices'

/** What seating needs of a class. */
export interface SeatClass {
  id: number
  title: string
  /** The title in English (the Chinese where the studio wrote none), for the English of a notice. */
  title_en: string
  starts_at: number
  /** The class's studio date, whose year makes a member's age. */
  day: string
  age_min: number | null
  age_max: number | null
  capacity: number
  booked: number
  credits: number
}

/** The class as seating reads it, inside the transaction that seats. */
export function loadSeatClass(ctx: GatewayContext, classId: number): SeatClass | undefined {
  return ctx.db.get<SeatClass>(
    // A class the studio cancelled is no longer there to book or wait for.
    `SELECT id, title, COALESCE(NULLIF(title_en, ''), title) AS title_en, starts_at, day, age_min, age_max, capacity,
       booked, credits
     FROM classes WHERE id = ? AND cancelled_at IS NULL`,
    classId,
  )
}

/** True when the card can pay for the class: valid now, still valid when it starts, with the credits. */
export function cardCanPay(
  card: CardRow,
  klass: Pick<SeatClass, 'starts_at' | 'credits'>,
  now: number,
): boolean {
  return card.valid_from <= now && card.valid_until > klass.starts_at && card.credits_left >= klass.credits
}

/**
 * Whom a seat is for, as a card sees it: the holder themself may use any of their cards, another member of the
 * family only a family card.
 */
export interface SeatFor {
  self: boolean
}

const HOLDER: SeatFor = { self: true }

/**
 * The card that runs out soonest among those that can pay for the class (for another member than the holder, among
 * the family cards); refused with 40904 when none can, 40909 when only the holder's own cards could.
 */
export function pickCard(
  ctx: GatewayContext,
  customerId: number,
  klass: Pick<SeatClass, 'starts_at' | 'credits'>,
  now: number,
  seatFor: SeatFor = HOLDER,
): CardRow {
  const card = ctx.db.get<CardRow>(
    `SELECT * FROM cards WHERE customer_id = ? AND valid_from <= ? AND valid_until > ? AND credits_left >= ?
       AND (family = 1 OR ? = 1)
     ORDER BY valid_until, id LIMIT 1`,
    customerId,
    now,
    klass.starts_at,
    klass.credits,
    seatFor.self ? 1 : 0,
  )
  if (card) return card
  if (!seatFor.self && pickCardOrNull(ctx, customerId, klass, now)) throw new Refusal('CARD_NOT_FOR_MEMBER')
  throw new Refusal('NO_VALID_CARD')
}

const pickCardOrNull = (
  ctx: GatewayContext,
  customerId: number,
  klass: Pick<SeatClass, 'starts_at' | 'credits'>,
  now: number,
) =>
  ctx.db.get<{ id: number }>(
    `SELECT id FROM cards WHERE customer_id = ? AND valid_from <= ? AND valid_until > ? AND credits_left >= ?
     LIMIT 1`,
    customerId,
    now,
    klass.starts_at,
    klass.credits,
  )

/**
 * The customer's card named by id: 40401 when it is not theirs, 40909 when it is the holder's own and the seat is
 * another member's, 40907 when it cannot pay for the class.
 */
export function checkCard(
  ctx: GatewayContext,
  customerId: number,
  cardId: number,
  klass: Pick<SeatClass, 'starts_at' | 'credits'>,
  now: number,
  seatFor: SeatFor = HOLDER,
): CardRow {
  const card = ctx.db.get<CardRow>('SELECT * FROM cards WHERE id = ? AND customer_id = ?', cardId, customerId)
  if (!card) throw new Refusal('NOT_FOUND', { msg: '会员卡不存在' })
  if (!seatFor.self && card.family !== 1) throw new Refusal('CARD_NOT_FOR_MEMBER')
  if (!cardCanPay(card, klass, now)) throw new Refusal('CARD_NOT_USABLE')
  return card
}

/** The card named, or the one that runs out soonest. */
export function chooseCard(
  ctx: GatewayContext,
  customerId: number,
  cardId: number | null | undefined,
  klass: Pick<SeatClass, 'starts_at' | 'credits'>,
  now: number,
  seatFor: SeatFor = HOLDER,
): CardRow {
  return cardId === undefined || cardId === null
    ? pickCard(ctx, customerId, klass, now, seatFor)
    : checkCard(ctx, customerId, cardId, klass, now, seatFor)
}

/**
 * Seats a member of the customer's family with the card: takes the credits and the seat with guarded updates and
 * writes the booking.
 * Must run inside a write transaction (the caller's), so that the three writes happen together or not at all.
 * Also writes the card-low notice when the card is down to one credit or none.
 */
export function takeSeat(
  ctx: GatewayContext,
  customerId: number,
  memberId: number,
  klass: SeatClass,
  card: CardRow,
  now: number,
): number {
  const paid = ctx.db.run(
    'UPDATE cards SET credits_left = credits_left - ? WHERE id = ? AND credits_left >= ?',
    klass.credits,
    card.id,
    klass.credits,
  )
  if (paid.changes !== 1) throw new Refusal('NO_VALID_CARD')
  const seated = ctx.db.run(
    'UPDATE classes SET booked = booked + 1 WHERE id = ? AND booked < capacity',
    klass.id,
  )
  if (seated.changes !== 1) throw new Refusal('CLASS_FULL')
  const bookingId = ctx.db.run(
    `INSERT INTO bookings (customer_id, member_id, class_id, card_id, credits, status, created_at)
     VALUES (?, ?, ?, ?, ?, 'booked', ?)`,
    customerId,
    memberId,
    klass.id,
    card.id,
    klass.credits,
    now,
  ).lastId
  const left = card.credits_left - klass.credits
  if (left <= 1) {
    writeNotice(
      ctx,
      {
        customerId,
        kind: 'card-low',
        key: `card-low:card:${card.id}:${left}`,
        title: left === 0 ? '会员卡次数已用完' : '会员卡仅剩 1 次',
        body:
          left === 0
            ? `你的「${card.name}」次数已用完，可在线购买新卡继续约课。`
            : `你的「${card.name}」只剩 1 次，记得及时续卡。`,
        titleEn: left === 0 ? 'Card used up' : '1 class left on your card',
        bodyEn:
          left === 0
            ? `Your "${cardNameEn(card)}" has no classes left; buy a new card online to keep booking.`
            : `Your "${cardNameEn(card)}" has 1 class left; remember to renew it.`,
        cardId: card.id,
      },
      now,
    )
  }
  return bookingId
}

/** The class's start as a notice names it. */
export const classLine = (klass: Pick<SeatClass, 'title' | 'starts_at'>) =>
  `「${klass.title}」${noticeTime(klass.starts_at)}`

/** {@link classLine} in English: `"Jazz Basics" on 3 Jun 19:00`. */
export const classLineEn = (klass: Pick<SeatClass, 'title_en' | 'starts_at'>) =>
  `"${klass.title_en}" on ${noticeTimeEn(klass.starts_at)}`

/** A class's title in English (the Chinese where the studio wrote none), for a notice's English. */
export const classTitleEn = (ctx: GatewayContext, classId: number): string =>
  ctx.db.get<{ title: string }>(
    "SELECT COALESCE(NULLIF(title_en, ''), title) AS title FROM classes WHERE id = ?",
    classId,
  )?.title ?? ''

/** A card's name in an English notice (the Chinese where the studio wrote no English). */
export const cardNameEn = (card: Pick<CardRow, 'name' | 'name_en'>) =>
  inLanguage(card.name, card.name_en, 'en')
