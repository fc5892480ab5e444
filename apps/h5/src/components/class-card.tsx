import type { DanceClass } from '@xdance/contract'
import { Link } from 'react-router'
import { useT } from '../app/app-context'
import { tDynamic } from '../i18n/i18n'
import { formatMonthDay, formatTime } from '../lib/format'

/**
 * One class in a list (home, schedule): time, title, style and level, teacher and room, seats left.
 * The whole card is the link to the class, so the touch target is large.
 *
 * @example
 * <ClassCard item={danceClass} />
 */
export function ClassCard({ item, showDate = false }: { item: DanceClass; showDate?: boolean }) {
  const t = useT()
  return (
    <Link className="card class-card" to={`/classes/${item.id}`} data-testid="class-card">
      <div className="class-time">
        {showDate && <span className="small muted">{formatMonthDay(t, item.date)}</span>}
        <strong>{formatTime(item.startsAt)}</strong>
        <span className="small muted">{t('class.minutes', { minutes: item.durationMinutes })}</span>
      </div>
      <div className="class-body">
        <h3>{item.title}</h3>
        <div className="row">
          <span className="chip">{tDynamic(t, `style.${item.style}`, item.styleName)}</span>
          <span className="chip chip-muted">{tDynamic(t, `level.${item.level}`, item.levelName)}</span>
          {item.myBookingId !== null && <span className="chip chip-ok">{t('bookings.statusBooked')}</span>}
        </div>
        <p className="small muted">
          {item.teacher.name} · {item.room}
        </p>
        <SeatsLine item={item} />
      </div>
    </Link>
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
    return <p className="small muted">{t('class.started')}</p>
  if (item.status === 'full' || item.remaining <= 0)
    return <p className="small seats-low">{t('class.full')}</p>
  return (
    <p className={item.remaining <= 3 ? 'small seats-low' : 'small'}>
      {t('class.seatsLeft', { count: item.remaining })}
    </p>
  )
}
