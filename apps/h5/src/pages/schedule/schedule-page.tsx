import { studioParts } from '@xdance/contract'
import { useEffect, useRef } from 'react'
import { Link, useLoaderData, useNavigate } from 'react-router'
import { useT } from '../../app/app-context'
import { ClassCard } from '../../components/class-card'
import type { MessageKey } from '../../i18n/zh'
import { formatDate, formatWeekday } from '../../lib/format'
import type { scheduleLoader } from './schedule-data'
import {
  isFiltered,
  namedCodes,
  rememberFilters,
  type ScheduleFilters,
  schedulePath,
} from './schedule-filters'
import styles from './schedule-page.module.css'

/** `/schedule`: filters (style, level, teacher), a two-week strip of dates and the chosen day's classes. */
export function SchedulePage() {
  const { days, today, selected, filters, teachers, classes } = useLoaderData<typeof scheduleLoader>()
  const t = useT()
  const navigate = useNavigate()
  const current = useRef<HTMLAnchorElement>(null)
  const selectedLabel = formatDate(t, selected)
  const filtered = isFiltered(filters)

  // The strip scrolls sideways on a phone: keep the chosen day in view (a reload on the second week, say).
  useEffect(() => {
    current.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [selected])

  // Filters replace the entry, as the days do: Back leaves the schedule rather than stepping through choices.
  const apply = (next: ScheduleFilters) => {
    rememberFilters(next)
    void navigate(schedulePath(next, selected), { replace: true, preventScrollReset: true })
  }
  const choose = (key: keyof ScheduleFilters, value: string) => {
    const next: ScheduleFilters = { ...filters }
    if (value) next[key] = value
    else delete next[key]
    apply(next)
  }
  const clear = (
    <Link
      className="btn btn-ghost"
      to={schedulePath({}, selected)}
      replace
      preventScrollReset
      onClick={() => rememberFilters({})}
    >
      {t('schedule.clear')}
    </Link>
  )

  return (
    <div className="page">
      <h1>{t('schedule.title')}</h1>
      <form
        className={styles.filters}
        aria-label={t('schedule.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <label className={styles.filter}>
          <span>{t('schedule.style')}</span>
          <select
            className="input"
            name="style"
            value={filters.style ?? ''}
            onChange={(event) => choose('style', event.target.value)}
          >
            <option value="">{t('schedule.all')}</option>
            {namedCodes('style').map((code) => (
              <option key={code} value={code}>
                {t(`style.${code}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <span>{t('schedule.level')}</span>
          <select
            className="input"
            name="level"
            value={filters.level ?? ''}
            onChange={(event) => choose('level', event.target.value)}
          >
            <option value="">{t('schedule.all')}</option>
            {namedCodes('level').map((code) => (
              <option key={code} value={code}>
                {t(`level.${code}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <span>{t('schedule.teacher')}</span>
          <select
            className="input"
            name="teacher"
            value={filters.teacher ?? ''}
            onChange={(event) => choose('teacher', event.target.value)}
          >
            <option value="">{t('schedule.all')}</option>
            {teachers.map((teacher) => (
              <option key={teacher.id} value={String(teacher.id)}>
                {teacher.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      {filtered && <div className="row">{clear}</div>}
      <nav aria-label={t('schedule.days')}>
        <ul className={styles.week}>
          {days.map((day) => (
            <li key={day}>
              <Link
                ref={day === selected ? current : undefined}
                to={schedulePath(filters, day)}
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
        ) : filtered ? (
          <div className="empty" data-testid="schedule-empty">
            <p>{t('schedule.emptyFiltered')}</p>
            {clear}
          </div>
        ) : (
          <p className="empty">{t('schedule.empty')}</p>
        )}
      </section>
    </div>
  )
}
