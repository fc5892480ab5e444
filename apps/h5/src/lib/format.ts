import { studioParts } from '@xdance/contract'
import type { Translate } from '../i18n/i18n'

// Studio time (UTC+8): the contract's calendar finds the studio's year, month, day and weekday of an instant (no
// time-zone data), then Intl spells that calendar date in the app's language (the catalogue's `intl.locale`),
// formatted as a UTC noon so that no time zone but UTC is ever asked of the browser.

type DateStyle = 'monthDay' | 'withWeekday' | 'full' | 'weekday'

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  monthDay: { month: 'short', day: 'numeric' },
  withWeekday: { weekday: 'short', month: 'short', day: 'numeric' },
  full: { year: 'numeric', month: 'short', day: 'numeric' },
  weekday: { weekday: 'short' },
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The studio calendar date of `value` in `style`, spelled by Intl in the catalogue's locale; empty for a bad value. */
function spell(t: Translate, value: string | number, style: DateStyle): string {
  const p = studioParts(value)
  if (!p) return ''
  const tag = t('intl.locale')
  const key = `${tag} ${style}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, { ...OPTIONS[style], timeZone: 'UTC' })
    formatters.set(key, formatter)
  }
  return formatter.format(Date.UTC(p.year, p.month - 1, p.day, 12))
}

/**
 * The studio-time clock time of an instant, 24-hour in both languages (`19:00`); empty for a bad value.
 *
 * @example
 * formatTime('2025-06-01T19:00:00+08:00') // '19:00'
 */
export function formatTime(value: string | number): string {
  return studioParts(value)?.hhmm ?? ''
}

/**
 * The studio-time date of an instant with its weekday (`6月1日周日`, `Sun, Jun 1`); empty for a bad value.
 *
 * @example
 * formatDate(t, '2025-06-01T19:00:00+08:00') // '6月1日周日'
 */
export function formatDate(t: Translate, value: string | number): string {
  return spell(t, value, 'withWeekday')
}

/**
 * The studio-time month and day of an instant or studio date, for a class card (`6月1日`, `Jun 1`); empty for a
 * bad value.
 *
 * @example
 * formatMonthDay(t, '2025-06-01') // '6月1日'
 */
export function formatMonthDay(t: Translate, value: string | number): string {
  return spell(t, value, 'monthDay')
}

/**
 * A calendar date with its year (a card's expiry): `2025年12月31日`, `Dec 31, 2025`; empty for a bad value.
 *
 * @example
 * formatDay(t, '2025-12-31') // '2025年12月31日'
 */
export function formatDay(t: Translate, value: string | number): string {
  return spell(t, value, 'full')
}

/**
 * The short weekday name of a studio date, for the week strip (`周日`, `Sun`).
 *
 * @example
 * formatWeekday(t, '2025-06-01') // '周日'
 */
export function formatWeekday(t: Translate, date: string): string {
  return spell(t, date, 'weekday')
}
