import type { CardStatus } from '@xdance/contract'
import { Link, useLoaderData } from 'react-router'
import { useT } from '../../app/app-context'
import type { MessageKey } from '../../i18n/zh'
import { formatDay } from '../../lib/format'
import type { cardsLoader } from './cards-data'

const STATUS: Record<CardStatus, { label: MessageKey; chip: string }> = {
  active: { label: 'cards.active', chip: 'chip chip-ok' },
  'not-started': { label: 'cards.notStarted', chip: 'chip chip-muted' },
  expired: { label: 'cards.expired', chip: 'chip chip-muted' },
  'used-up': { label: 'cards.usedUp', chip: 'chip chip-muted' },
}

/** `/cards`: membership cards with credits left and expiry. */
export function CardsPage() {
  const { cards } = useLoaderData<typeof cardsLoader>()
  const t = useT()
  return (
    <div className="page">
      <h1>{t('cards.title')}</h1>
      {cards.length ? (
        <ul className="list">
          {cards.map((card) => {
            const status = STATUS[card.status] ?? STATUS.expired
            return (
              <li key={card.id} className="card section" data-testid="membership-card">
                <div className="spread">
                  <h2>
                    <Link className="title-link" to={`/cards/${card.id}`}>
                      {card.name}
                    </Link>
                  </h2>
                  <span className={status.chip}>{t(status.label)}</span>
                </div>
                <p>
                  <strong>
                    {t('cards.creditsOf', { credits: card.creditsLeft, total: card.creditsTotal })}
                  </strong>
                </p>
                <p className="small muted">
                  {t('cards.expires', { date: formatDay(t, card.validUntil) })}
                  {card.family && ` · ${t('cards.family')}`}
                </p>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="empty">{t('cards.empty')}</p>
      )}
    </div>
  )
}
