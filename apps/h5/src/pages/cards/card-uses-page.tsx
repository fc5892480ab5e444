import type { CardUse } from '@xdance/contract'
import { Link, useLoaderData } from 'react-router'
import { useT } from '../../app/app-context'
import type { MessageKey } from '../../i18n/zh'
import { formatDate, formatTime } from '../../lib/format'
import button from '../../ui/button.module.css'
import layout from '../../ui/layout.module.css'
import text from '../../ui/text.module.css'
import type { cardUsesLoader } from './card-uses-data'
import styles from './card-uses-page.module.css'

const OUTCOME: Record<CardUse['outcome'], MessageKey> = {
  booked: 'bookings.statusBooked',
  attended: 'bookings.statusAttended',
  missed: 'bookings.statusMissed',
  ended: 'bookings.statusEnded',
  cancelled: 'cards.useCancelled',
}

/** `/cards/:id` (使用记录): a card's credits and each booking it paid for, whom for and what came of it. */
export function CardUsesPage() {
  const { card, list } = useLoaderData<typeof cardUsesLoader>()
  const t = useT()
  return (
    <div className={layout.page}>
      <h1>{card.name}</h1>
      <p>
        <strong>{t('cards.creditsOf', { credits: card.creditsLeft, total: card.creditsTotal })}</strong>
        {card.family && <span className={styles.family}>{t('cards.family')}</span>}
      </p>
      <h2>{t('cards.uses')}</h2>
      {list.length ? (
        <ul className={styles.uses} data-testid="card-uses">
          {list.map((use) => (
            <li key={use.bookingId} data-testid="card-use">
              <div>
                <strong>{use.classTitle}</strong>
                <p className={text.hint}>
                  {formatDate(t, use.startsAt)} {formatTime(use.startsAt)} · {use.memberName}
                </p>
              </div>
              <span className={styles.outcome}>
                {t(OUTCOME[use.outcome])}
                {use.outcome !== 'cancelled' && ` · ${t('cards.useCredits', { credits: use.credits })}`}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={layout.empty}>{t('cards.noUses')}</p>
      )}
      <Link className={`${button.ghost} ${button.block}`} to="/cards">
        {t('cards.back')}
      </Link>
    </div>
  )
}
