import {
  type CardStatus,
  type CardUses,
  type DataLanguage,
  type MembershipCard,
  toStudioIso,
} from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { inLanguage, localized } from '../db/localized'
import type { Customer } from './auth'
import { memberNameSql } from './members'

/** A card as stored. */
export interface CardRow {
  id: number
  customer_id: number
  name: string
  /** The English name ('' where the studio wrote none). */
  name_en: string
  credits_total: number
  credits_left: number
  valid_from: number
  valid_until: number
  /** 1 for a family card: any member of the holder's family books on it. */
  family: number
}

function cardStatus(card: CardRow, now: number): CardStatus {
  if (now >= card.valid_until) return 'expired'
  if (now < card.valid_from) return 'not-started'
  if (card.credits_left <= 0) return 'used-up'
  return 'active'
}

const toCardDto = (card: CardRow, now: number, lang: DataLanguage): MembershipCard => ({
  id: card.id,
  name: inLanguage(card.name, card.name_en, lang),
  creditsTotal: card.credits_total,
  creditsLeft: card.credits_left,
  validFrom: toStudioIso(card.valid_from),
  validUntil: toStudioIso(card.valid_until),
  status: cardStatus(card, now),
  family: card.family === 1,
})

/** The customer's membership cards, soonest to expire first, their names in `lang`. */
export function listCards(
  ctx: GatewayContext,
  customer: Customer,
  lang: DataLanguage = 'zh',
): { list: MembershipCard[] } {
  const now = ctx.now()
  const rows = ctx.db.all<CardRow>(
    'SELECT * FROM cards WHERE customer_id = ? ORDER BY valid_until, id',
    customer.id,
  )
  return { list: rows.map((row) => toCardDto(row, now, lang)) }
}

/**
 * One of the customer's cards and each booking it paid for, latest class first: whom for, the credits, and what came
 * of it (a family card's uses name each member).
 */
export function cardUses(
  ctx: GatewayContext,
  customer: Customer,
  cardId: number,
  lang: DataLanguage = 'zh',
): CardUses {
  const now = ctx.now()
  const card = ctx.db.get<CardRow>(
    'SELECT * FROM cards WHERE id = ? AND customer_id = ?',
    cardId,
    customer.id,
  )
  if (!card) throw new Refusal('NOT_FOUND', { msg: '会员卡不存在' })
  const rows = ctx.db.all<{
    id: number
    title: string
    starts_at: number
    ends_at: number
    member_name: string
    credits: number
    status: 'booked' | 'cancelled'
    attendance: 'attended' | 'missed' | null
  }>(
    `SELECT b.id, ${localized('k.title', lang)} AS title, k.starts_at, k.ends_at,
       ${memberNameSql('m', 'c')} AS member_name, b.credits, b.status, b.attendance
     FROM bookings b JOIN classes k ON k.id = b.class_id JOIN members m ON m.id = b.member_id
     JOIN customers c ON c.id = m.customer_id
     WHERE b.card_id = ? ORDER BY k.starts_at DESC, b.id DESC`,
    cardId,
  )
  return {
    card: toCardDto(card, now, lang),
    list: rows.map((row) => ({
      bookingId: row.id,
      classTitle: row.title,
      startsAt: toStudioIso(row.starts_at),
      memberName: row.member_name,
      credits: row.credits,
      outcome:
        row.status === 'cancelled'
          ? 'cancelled'
          : (row.attendance ?? (now >= row.ends_at ? 'ended' : 'booked')),
    })),
  }
}

/** Gives `credits` back to a card (a cancelled or refunded booking), never past what the card was sold with. */
export function returnCredits(ctx: GatewayContext, cardId: number, credits: number): void {
  ctx.db.run(
    `UPDATE cards SET credits_left = CASE WHEN credits_left + ? > credits_total THEN credits_total ELSE credits_left + ? END
     WHERE id = ?`,
    credits,
    credits,
    cardId,
  )
}
