import type { CardStatus } from '@xdance/contract'
import { Link, useLoaderData } from 'react-router'
import { useT } from '../../app/app-context'
import type { MessageKey } from '../../i18n/zh'
import { formatDay } from '../../lib/format'
import { Chip, type ChipTone } from '../../ui/chip'
import layout from '../../ui/layout.module.css'
import text from '../../ui/text.module.css'
import type { cardsLoader } from './cards-data'

const STATUS: Record<CardStatus, { label: MessageKey; tone: ChipTone }> = {
  active: { label: 'cards.active', tone: 'ok' },
  'not-started': { label: 'cards.notStarted', tone: 'muted' },
  expired: { label: 'cards.expired', tone: 'muted' },
  'used-up': { label: 'cards.usedUp', tone: 'muted' },
}

/** `/cards`: membership cards with credits left and expiry. */
export function CardsPage() {
  const { cards } = useLoaderData<typeof cardsLoader>()
  const t = useT()
  return (
    <div className={layout.page}>
      <h1>{t('cards.title')}</h1>
      {cards.length ? (
        <ul className={layout.list}>
          {cards.map((card) => {
            const status = STATUS[card.status] ?? STATUS.expired
            return (
              <li key={card.id} className={`${layout.card} ${layout.section}`} data-testid="membership-card">
                <div className={layout.spread}>
                  <h2>
                    <Link className={layout.titleLink} to={`/cards/${card.id}`}>
                      {card.name}
                    </Link>
                  </h2>
                  <Chip tone={status.tone}>{t(status.label)}</Chip>
                </div>
                <p>
                  <strong>
                    {t('cards.creditsOf', { credits: card.creditsLeft, total: card.creditsTotal })}
                  </strong>
                </p>
                <p className={text.hint}>
                  {t('cards.expires', { date: formatDay(t, card.validUntil) })}
                  {card.family && ` · ${t('cards.family')}`}
                </p>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className={layout.empty}>{t('cards.empty')}</p>
      )}
    </div>
  )
}
