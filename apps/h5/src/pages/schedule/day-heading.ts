import { daysBetween, STUDIO_TIME_ZONE, studioInstant } from '@xdance/contract'
import { type Locale, languageTag } from '../../i18n/i18n'

/**
 * The heading of a day in the schedule's list, through `Intl`: today and tomorrow named
 * (`Intl.RelativeTimeFormat`, "today" / "今天"), then the studio date with its weekday (`Intl.DateTimeFormat` in the
 * studio's time zone).
 *
 * @example
 * dayHeading('en', '2025-06-03', '2025-06-02') // 'Tomorrow · Tue, Jun 3'
 * dayHeading('zh', '2025-06-05', '2025-06-02') // '6月5日周四'
 */
export function dayHeading(locale: Locale, date: string, today: string): string {
  const tag = languageTag(locale)
  const when = new Intl.DateTimeFormat(tag, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: STUDIO_TIME_ZONE,
  }).format(studioInstant(date, '12:00'))
  const offset = daysBetween(today, date)
  if (offset !== 0 && offset !== 1) return when
  const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(offset, 'day')
  return `${relative.charAt(0).toLocaleUpperCase(tag)}${relative.slice(1)} · ${when}`
}

/**
 * Classes grouped by studio date, in the order given (the gateway's: start order).
 *
 * @example
 * groupByDay([{ date: '2025-06-02' }, { date: '2025-06-02' }, { date: '2025-06-04' }])
 * // [['2025-06-02', [..2]], ['2025-06-04', [..1]]]
 */
export function groupByDay<T extends { date: string }>(items: readonly T[]): [string, T[]][] {
  const days = new Map<string, T[]>()
  for (const item of items) {
    const list = days.get(item.date)
    if (list) list.push(item)
    else days.set(item.date, [item])
  }
  return [...days]
}
