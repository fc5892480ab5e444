import type { DanceClass } from '@xdance/contract'
import { Link } from 'react-router'
import { useLocale, useT } from '../app/app-context'
import { formatMonthDay, formatTime } from '../lib/format'
import { levelName, styleName } from '../lib/studio-names'
import { Chip } from '../ui/chip'
import layout from '../ui/layout.module.css'
import text from '../ui/text.module.css'
import styles from './class-card.module.css'

/**
 * One class in a list (home, schedule, a teacher's page): time and length, title, style and level, teacher and
 * room, seats left and what it costs (credits of a card). The title's link covers the whole card (a large touch target); the teacher's link sits above it, so a
 * customer can open the class or its teacher (links cannot nest).
 *
 * @example
 * <ClassCard item={danceClass} />
 */
export function ClassCard({
  item,
  showDate = false,
  showTeacher = true,
  headingLevel = 3,
}: {
  item: DanceClass
  showDate?: boolean
  /** Off on the teacher's own page, where the link would lead back to it. */
  showTeacher?: boolean
  /** The title's heading level: 3 under a page's section, 4 under a day of a section. */
  headingLevel?: 3 | 4
}) {
  const t = useT()
  const locale = useLocale()
  const Heading = headingLevel === 4 ? 'h4' : 'h3'
  return (
    <article
      className={`${layout.card} ${styles.classCard}`}
      data-testid="class-card"
      data-ages={item.ages ? `${item.ages.min}-${item.ages.max}` : undefined}
    >
      <div className={styles.classTime}>
        {showDate && <span className={text.hint}>{formatMonthDay(t, item.date)}</span>}
        <strong>{formatTime(item.startsAt)}</strong>
        <span className={text.hint}>{t('class.minutes', { minutes: item.durationMinutes })}</span>
      </div>
      <div className={styles.classBody}>
        <Heading>
          <Link className={layout.stretched} to={`/classes/${item.id}`}>
            {item.title}
          </Link>
        </Heading>
        <div className={layout.row} data-testid="class-tags">
          <Chip>{styleName(item.style, locale, item.styleName)}</Chip>
          <Chip tone="muted">{levelName(item.level, locale, item.levelName)}</Chip>
          {item.ages && (
            <Chip tone="muted">{t('class.agesValue', { min: item.ages.min, max: item.ages.max })}</Chip>
          )}
          {item.myBookingId !== null && <Chip tone="ok">{t('bookings.statusBooked')}</Chip>}
        </div>
        <p className={text.hint}>
          {showTeacher ? (
            <Link className={layout.above} to={`/teachers/${item.teacher.id}`} data-testid="teacher-link">
              {item.teacher.name}
            </Link>
          ) : (
            item.teacher.name
          )}{' '}
          · {item.room}
        </p>
        <SeatsLine item={item} />
        <p className={text.small} data-testid="class-cost">
          {t('class.cost', { count: item.credits })}
        </p>
      </div>
    </article>
  )
}

/**
 * "3 left", "Full" or "Started", highlighted when few seats remain.
 *
 * @example
 * <SeatsLine item={danceClass} />
 */
export function SeatsLine({ item }: { item: DanceClass }) {
  const t = useT()
  if (item.status === 'started' || item.status === 'ended')
    return <p className={text.hint}>{t('class.started')}</p>
  if (item.status === 'full' || item.remaining <= 0)
    return <p className={`${text.small} ${styles.seatsLow}`}>{t('class.full')}</p>
  return (
    <p className={item.remaining <= 3 ? `${text.small} ${styles.seatsLow}` : text.small}>
      {t('class.seatsLeft', { count: item.remaining })}
    </p>
  )
}
