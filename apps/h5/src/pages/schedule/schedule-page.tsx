import { type DanceClass, studioParts } from '@xdance/contract'
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { Link, useLoaderData, useNavigate, useNavigation } from 'react-router'
import { useLocale, useShareCard, useT } from '../../app/app-context'
import { ClassCard } from '../../components/class-card'
import type { Locale } from '../../i18n/i18n'
import { formatDate, formatWeekday } from '../../lib/format'
import { levelName, styleName } from '../../lib/studio-names'
import button from '../../ui/button.module.css'
import formStyles from '../../ui/form.module.css'
import forms from '../../ui/form.module.css'
import layout from '../../ui/layout.module.css'
import textStyles from '../../ui/text.module.css'
import { dayHeading, groupByDay } from './day-heading'
import type { scheduleLoader } from './schedule-data'
import {
  AGES,
  isFiltered,
  namedCodes,
  readFilters,
  rememberFilters,
  type ScheduleFilters,
  SEARCH_MAX_LENGTH,
  schedulePath,
  TIMES,
} from './schedule-filters'
import styles from './schedule-page.module.css'

/**
 * `/schedule`: a name search and filters (style, level, teacher, time of day); unfiltered, a two-week strip of dates
 * and the chosen day's classes; filtered, the matching classes of the two weeks in one list under day headings.
 */
export function SchedulePage() {
  const { days, today, selected, filters, teachers, classes } = useLoaderData<typeof scheduleLoader>()
  // While a choice's page loads, the form shows that choice and the next one builds on it: building on the page on
  // screen would drop a first choice made a moment before (level, then time of day, on a slow network).
  const pending = useNavigation().location
  const form = pending?.pathname === '/schedule' ? readFilters(new URLSearchParams(pending.search)) : filters
  const t = useT()
  const locale = useLocale()
  const navigate = useNavigate()
  const current = useRef<HTMLAnchorElement>(null)
  const filtered = isFiltered(filters)
  // Shared from WeChat, the card opens the schedule as the reader sees it: the same filters, or the same day.
  const query = new URLSearchParams(schedulePath(filters, filtered ? null : selected).split('?')[1])
  useShareCard(`schedule:${query}`, {
    kind: 'page',
    title: t('schedule.title'),
    desc: filtered ? t('schedule.found', { count: classes.length }) : formatDate(t, selected),
    path: '/schedule',
    query: Object.fromEntries(query),
    image: '',
  })

  // The strip scrolls sideways on a phone: keep the chosen day in view (a reload on the second week, say).
  useEffect(() => {
    current.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [selected])

  // Filters replace the entry, as the days do: Back leaves the schedule rather than stepping through choices.
  // A filtered list spans the days: the URL keeps no day for it.
  const apply = (next: ScheduleFilters) => {
    rememberFilters(next)
    void navigate(schedulePath(next, isFiltered(next) ? null : selected), {
      replace: true,
      preventScrollReset: true,
    })
  }
  const choose = (key: keyof ScheduleFilters, value: string) => {
    const next: ScheduleFilters = { ...form }
    if (value) next[key] = value
    else delete next[key]
    apply(next)
  }
  const clear = (
    <Link
      className={button.ghost}
      to={schedulePath({}, selected)}
      replace
      preventScrollReset
      onClick={() => rememberFilters({})}
    >
      {t('schedule.clear')}
    </Link>
  )

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    choose('q', text.slice(0, SEARCH_MAX_LENGTH))
  }

  return (
    <div className={layout.page}>
      <h1>{t('schedule.title')}</h1>
      <form className={styles.search} aria-label={t('schedule.searchLabel')} onSubmit={search}>
        <label className={textStyles.visuallyHidden} htmlFor="schedule-q">
          {t('schedule.searchLabel')}
        </label>
        <input
          id="schedule-q"
          className={formStyles.input}
          type="search"
          name="q"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('schedule.searchPlaceholder')}
          defaultValue={filters.q ?? ''}
          key={filters.q ?? ''}
        />
        <button type="submit" className={button.ghost}>
          {t('schedule.search')}
        </button>
      </form>
      <form
        className={styles.filters}
        aria-label={t('schedule.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <label className={styles.filter}>
          <span>{t('schedule.style')}</span>
          <select
            className={formStyles.input}
            name="style"
            value={form.style ?? ''}
            onChange={(event) => choose('style', event.target.value)}
          >
            <option value="">{t('schedule.all')}</option>
            {namedCodes('style').map((code) => (
              <option key={code} value={code}>
                {styleName(code, locale)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <span>{t('schedule.level')}</span>
          <select
            className={formStyles.input}
            name="level"
            value={form.level ?? ''}
            onChange={(event) => choose('level', event.target.value)}
          >
            <option value="">{t('schedule.all')}</option>
            {namedCodes('level').map((code) => (
              <option key={code} value={code}>
                {levelName(code, locale)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <span>{t('schedule.teacher')}</span>
          <select
            className={formStyles.input}
            name="teacher"
            value={form.teacher ?? ''}
            onChange={(event) => choose('teacher', event.target.value)}
          >
            <option value="">{t('schedule.all')}</option>
            <option value="mine">{t('schedule.myTeachers')}</option>
            {teachers.map((teacher) => (
              <option key={teacher.id} value={String(teacher.id)}>
                {teacher.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <span>{t('schedule.time')}</span>
          <select
            className={formStyles.input}
            name="time"
            value={form.time ?? ''}
            onChange={(event) => choose('time', event.target.value)}
          >
            <option value="">{t('schedule.all')}</option>
            {TIMES.map((code) => (
              <option key={code} value={code}>
                {t(`schedule.time.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <span>{t('schedule.age')}</span>
          <select
            className={forms.input}
            name="age"
            value={form.age ?? ''}
            onChange={(event) => choose('age', event.target.value)}
          >
            <option value="">{t('schedule.all')}</option>
            {AGES.map((age) => (
              <option key={age} value={String(age)}>
                {age === 18 ? t('schedule.adult') : t('schedule.ageValue', { age })}
              </option>
            ))}
          </select>
        </label>
      </form>
      {filtered ? (
        <FilteredList classes={classes} today={today} locale={locale} clear={clear} />
      ) : (
        <DayView days={days} today={today} selected={selected} classes={classes} current={current} />
      )}
    </div>
  )
}

/** The matching classes of the two weeks, under a heading per day (today and tomorrow named). */
function FilteredList({
  classes,
  today,
  locale,
  clear,
}: {
  classes: DanceClass[]
  today: string
  locale: Locale
  clear: ReactNode
}) {
  const t = useT()
  return (
    <section className={layout.section} aria-labelledby="schedule-found">
      <div className={styles.found}>
        <h2 id="schedule-found" aria-live="polite">
          {t('schedule.found', { count: classes.length })}
        </h2>
        {clear}
      </div>
      {classes.length ? (
        groupByDay(classes).map(([date, list]) => (
          <section key={date} aria-labelledby={`day-${date}`} data-testid="schedule-day" data-date={date}>
            <h3 id={`day-${date}`} className={styles.dayHeading}>
              {dayHeading(locale, date, today)}
            </h3>
            <ul className={layout.list}>
              {list.map((item) => (
                <li key={item.id}>
                  <ClassCard item={item} headingLevel={4} />
                </li>
              ))}
            </ul>
          </section>
        ))
      ) : (
        <div className={layout.empty} data-testid="schedule-empty">
          <p>{t('schedule.emptyFiltered')}</p>
        </div>
      )}
    </section>
  )
}

/** Unfiltered: the two-week strip of dates and the chosen day's classes. */
function DayView({
  days,
  today,
  selected,
  classes,
  current,
}: {
  days: string[]
  today: string
  selected: string
  classes: DanceClass[]
  current: RefObject<HTMLAnchorElement | null>
}) {
  const t = useT()
  const selectedLabel = formatDate(t, selected)
  return (
    <>
      <nav aria-label={t('schedule.days')}>
        <ul className={styles.week}>
          {days.map((day) => (
            <li key={day}>
              <Link
                ref={day === selected ? current : undefined}
                to={schedulePath({}, day)}
                replace
                preventScrollReset
                aria-current={day === selected ? 'date' : undefined}
                data-date={day}
              >
                <span>{day === today ? t('schedule.today') : formatWeekday(t, day)}</span>
                <strong>{studioParts(day)?.day}</strong>
                <span className={textStyles.visuallyHidden}>{formatDate(t, day)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className={layout.section} aria-labelledby="schedule-day">
        <h2 id="schedule-day">{t('schedule.classesOn', { date: selectedLabel })}</h2>
        {classes.length ? (
          <ul className={layout.list}>
            {classes.map((item) => (
              <li key={item.id}>
                <ClassCard item={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={layout.empty}>{t('schedule.empty')}</p>
        )}
      </section>
    </>
  )
}
