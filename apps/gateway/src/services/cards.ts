import { type CardStatus, type DataLanguage, type MembershipCard, toStudioIso } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { inLanguage } from '../db/localized'
import type { Customer } from './auth'

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
