import { type DanceClass, type DataLanguage, type MyWaitlist, RULES } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import type { Customer } from './auth'
import type { CardRow } from './cards'
import { selfMemberId } from './members'
import { creditsEn, writeNotice } from './notices'
import {
  cardCanPay,
  cardNameEn,
  chooseCard,
  classLine,
  classLineEn,
  loadSeatClass,
  type SeatClass,
  takeSeat,
} from './seating'
import { getClass } from './studio'

const CUTOFF_MS = RULES.cancelCutoffMinutes * 60_000

/** The waitlist closes at the cancel cut-off: after it no seat frees (cancels are refused), so none can be offered. */
export const waitlistClosesAt = (klass: Pick<SeatClass, 'starts_at'>) => klass.starts_at - CUTOFF_MS

interface WaitingRow {
  id: number
  customer_id: number
  card_id: number
}

/**
 * Puts the customer on a full class's waitlist with the card to pay with once promoted (the one that runs out
 * soonest when none is named). Refused when the class is not full (book it), already booked by them, already
 * waited for, started, or past the cut-off. Nothing is spent until a seat is theirs.
 */
export function joinWaitlist(
  ctx: GatewayContext,
  customer: Customer,
  classId: number,
  cardId?: number | null,
  lang: DataLanguage = 'zh',
): DanceClass {
  ctx.db.transaction(() => {
    const now = ctx.now()
    const klass = loadSeatClass(ctx, classId)
    if (!klass) throw new Refusal('NOT_FOUND', { msg: '课程不存在' })
    if (now >= klass.starts_at) throw new Refusal('CLASS_STARTED')
    if (now >= waitlistClosesAt(klass)) throw new Refusal('WAITLIST_CLOSED')
    const booked = ctx.db.get<{ id: number }>(
      "SELECT id FROM bookings WHERE member_id = ? AND class_id = ? AND status = 'booked'",
      selfMemberId(ctx, customer.id),
      classId,
    )
    if (booked) throw new Refusal('ALREADY_BOOKED', { data: { bookingId: booked.id } })
    const waiting = ctx.db.get<{ id: number }>(
      "SELECT id FROM waitlist WHERE class_id = ? AND customer_id = ? AND status = 'waiting'",
      classId,
      customer.id,
    )
    if (waiting) throw new Refusal('ALREADY_ON_WAITLIST')
    if (klass.booked < klass.capacity) throw new Refusal('CLASS_NOT_FULL')
    const card = chooseCard(ctx, customer.id, cardId, klass, now)
    ctx.db.run(
      `INSERT INTO waitlist (class_id, customer_id, card_id, status, created_at) VALUES (?, ?, ?, 'waiting', ?)`,
      classId,
      customer.id,
      card.id,
      now,
    )
  })
  return getClass(ctx, classId, customer.id, lang)
}

/**
 * `GET /me/waitlist`: the not yet started classes the customer waits for, soonest first, each with their place;
 * their texts in `lang`.
 */
export function listMyWaitlist(
  ctx: GatewayContext,
  customer: Customer,
  lang: DataLanguage = 'zh',
): MyWaitlist {
  const rows = ctx.db.all<{ class_id: number }>(
    `SELECT w.class_id FROM waitlist w JOIN classes k ON k.id = w.class_id
     WHERE w.customer_id = ? AND w.status = 'waiting' AND k.starts_at > ?
     ORDER BY k.starts_at, w.id`,
    customer.id,
    ctx.now(),
  )
  return { list: rows.map((row) => getClass(ctx, row.class_id, customer.id, lang)) }
}

/** Takes the customer off the class's waitlist (40923 when they are not on it). */
export function leaveWaitlist(
  ctx: GatewayContext,
  customer: Customer,
  classId: number,
  lang: DataLanguage = 'zh',
): DanceClass {
  ctx.db.transaction(() => {
    if (!loadSeatClass(ctx, classId)) throw new Refusal('NOT_FOUND', { msg: '课程不存在' })
    const left = ctx.db.run(
      "UPDATE waitlist SET status = 'left', settled_at = ? WHERE class_id = ? AND customer_id = ? AND status = 'waiting'",
      ctx.now(),
      classId,
      customer.id,
    )
    if (left.changes !== 1) throw new Refusal('NOT_ON_WAITLIST')
  })
  return getClass(ctx, classId, customer.id, lang)
}

/**
 * Fills the class's free seats from its waitlist, first come first served. Runs inside the transaction that freed
 * the seat (a cancel), so the seat never shows free to anyone else, one seat promotes one customer, and the credit
 * is taken once. Someone whose card no longer pays (expired, credits spent elsewhere) is skipped, told, and removed.
 * Nothing is promoted from the cut-off on. Returns the bookings made.
 */
export function promoteFromWaitlist(ctx: GatewayContext, classId: number, now: number): number[] {
  const promoted: number[] = []
  for (;;) {
    const klass = loadSeatClass(ctx, classId)
    if (!klass || now >= waitlistClosesAt(klass) || klass.booked >= klass.capacity) return promoted
    const next = ctx.db.get<WaitingRow>(
      "SELECT id, customer_id, card_id FROM waitlist WHERE class_id = ? AND status = 'waiting' ORDER BY id LIMIT 1",
      classId,
    )
    if (!next) return promoted
    const card = ctx.db.get<CardRow>('SELECT * FROM cards WHERE id = ?', next.card_id)
    if (!card || !cardCanPay(card, klass, now)) {
      settle(ctx, next.id, 'skipped', now)
      writeNotice(
        ctx,
        {
          customerId: next.customer_id,
          kind: 'waitlist-skipped',
          key: `waitlist-skipped:waitlist:${next.id}`,
          title: '候补未成功',
          body: `${classLine(klass)} 有空位了，但你候补时选的会员卡已不可用（过期或次数不足），已将你移出候补。`,
          titleEn: 'Waitlist place lost',
          bodyEn: `A seat came free in ${classLineEn(klass)}, but the card you chose for the waitlist can no longer pay (expired or too few classes left), so you are off the waitlist.`,
          classId,
          cardId: next.card_id,
        },
        now,
      )
      continue
    }
    // A waitlist place is the account holder's own (a family member's seat is booked, not waited for).
    const bookingId = takeSeat(ctx, next.customer_id, selfMemberId(ctx, next.customer_id), klass, card, now)
    settle(ctx, next.id, 'promoted', now, bookingId)
    writeNotice(
      ctx,
      {
        customerId: next.customer_id,
        kind: 'waitlist-promoted',
        key: `waitlist-promoted:waitlist:${next.id}`,
        title: '候补成功',
        body: `你已候补成功：${classLine(klass)}，已从「${card.name}」扣除 ${klass.credits} 次。`,
        titleEn: 'Off the waitlist: booked',
        bodyEn: `You got a seat from the waitlist: ${classLineEn(klass)}; ${creditsEn(klass.credits)} taken from "${cardNameEn(card)}".`,
        classId,
        cardId: card.id,
      },
      now,
    )
    promoted.push(bookingId)
  }
}

function settle(
  ctx: GatewayContext,
  entryId: number,
  status: 'promoted' | 'skipped' | 'closed' | 'left',
  now: number,
  bookingId: number | null = null,
): void {
  ctx.db.run(
    "UPDATE waitlist SET status = ?, settled_at = ?, booking_id = ? WHERE id = ? AND status = 'waiting'",
    status,
    now,
    bookingId,
    entryId,
  )
}

/** Ends a customer's wait for a class they booked directly (a seat freed after the cut-off). */
export function settleOwnWait(
  ctx: GatewayContext,
  customerId: number,
  classId: number,
  bookingId: number,
  now: number,
) {
  ctx.db.run(
    `UPDATE waitlist SET status = 'promoted', settled_at = ?, booking_id = ?
     WHERE class_id = ? AND customer_id = ? AND status = 'waiting'`,
    now,
    bookingId,
    classId,
    customerId,
  )
}

/**
 * The due-time job of the waitlist: every class whose cut-off has passed closes its waitlist, telling each one
 * still waiting. One write transaction per run; each notice is keyed by its waitlist entry, so it is written once.
 */
export function closeDueWaitlists(ctx: GatewayContext, now: number): number {
  return ctx.db.transaction(() => {
    const due = ctx.db.all<
      WaitingRow & { class_id: number; title: string; title_en: string; starts_at: number }
    >(
      `SELECT w.id, w.customer_id, w.card_id, w.class_id, k.title, COALESCE(NULLIF(k.title_en, ''), k.title) AS title_en, k.starts_at
       FROM waitlist w JOIN classes k ON k.id = w.class_id
       WHERE w.status = 'waiting' AND k.starts_at - ? <= ?
       ORDER BY w.id`,
      CUTOFF_MS,
      now,
    )
    for (const entry of due) {
      settle(ctx, entry.id, 'closed', now)
      writeNotice(
        ctx,
        {
          customerId: entry.customer_id,
          kind: 'waitlist-closed',
          key: `waitlist-closed:waitlist:${entry.id}`,
          title: '候补已截止',
          body: `${classLine(entry)} 开课前 ${RULES.cancelCutoffMinutes / 60} 小时停止候补，本次未能候补成功，未扣除次数。`,
          titleEn: 'Waitlist closed',
          bodyEn: `The waitlist of ${classLineEn(entry)} closes ${RULES.cancelCutoffMinutes / 60} hours before class; no seat came free, and nothing was taken from your card.`,
          classId: entry.class_id,
        },
        now,
      )
    }
    return due.length
  })
}
