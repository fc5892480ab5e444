import { studioParts } from '@xdance/contract'
import { Link, useLoaderData } from 'react-router'
import { useT } from '../../app/app-context'
import { ClassCard } from '../../components/class-card'
import { formatDate, formatWeekday } from '../../lib/format'
import type { scheduleLoader } from './schedule-data'

/** `/schedule`: a week strip of dates and the chosen day's classes. */
export function SchedulePage() {
  const { days, today, selected, classes } = useLoaderData<typeof scheduleLoader>()
  const t = useT()
  const selectedLabel = formatDate(t, selected)
  return (
    <div className="page">
      <h1>{t('schedule.title')}</h1>
      <nav aria-label={t('schedule.days')}>
        <ul className="week">
          {days.map((day) => (
            <li key={day}>
              <Link
                to={`/schedule?date=${day}`}
                replace
                preventScrollReset
                aria-current={day === selected ? 'date' : undefined}
                data-date={day}
              >
                <span>{day === today ? t('schedule.today') : formatWeekday(t, day)}</span>
                <strong>{studioParts(day)?.day}</strong>
                <span className="visually-hidden">{formatDate(t, day)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="section" aria-labelledby="schedule-day">
        <h2 id="schedule-day">{t('schedule.classesOn', { date: selectedLabel })}</h2>
        {classes.length ? (
          <ul className="list">
            {classes.map((item) => (
              <li key={item.id}>
                <ClassCard item={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">{t('schedule.empty')}</p>
        )}
      </section>
    </div>
  )
}
