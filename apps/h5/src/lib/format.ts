import { studioParts } from '@xdance/contract'
import type { Translate } from '../i18n/i18n'
import type { MessageKey } from '../i18n/zh'

// Studio time (UTC+8) comes from the contract's calendar, spelled with the message catalogue: no
// Intl.DateTimeFormat, whose first use loads time-zone data (tens of ms on a phone) and whose output differs
// between browsers.

const monthName = (t: Translate, month: number) => t(`month.${month}` as MessageKey)
const weekdayName = (t: Translate, weekday: number) => t(`weekday.${weekday}` as MessageKey)

/**
 * The studio-time clock time of an instant, 24-hour (`19:00`); empty for a bad value.
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
  const p = studioParts(value)
  if (!p) return ''
  const date = t('date.monthDay', { monthName: monthName(t, p.month), day: p.day })
  return t('date.withWeekday', { date, weekday: weekdayName(t, p.weekday) })
}

/**
 * The studio-time month and day of an instant or studio date, for a class card (`6月1日`, `Jun 1`); empty for a
 * bad value.
 *
 * @example
 * formatMonthDay(t, '2025-06-01') // '6月1日'
 */
export function formatMonthDay(t: Translate, value: string | number): string {
  const p = studioParts(value)
  return p ? t('date.monthDay', { monthName: monthName(t, p.month), day: p.day }) : ''
}

/**
 * A calendar date with its year (a card's expiry): `2025年12月31日`, `Dec 31, 2025`; empty for a bad value.
 *
 * @example
 * formatDay(t, '2025-12-31') // '2025年12月31日'
 */
export function formatDay(t: Translate, value: string | number): string {
  const p = studioParts(value)
  return p ? t('date.full', { year: p.year, monthName: monthName(t, p.month), day: p.day }) : ''
}

/**
 * The short weekday name of a studio date, for the week strip (`周日`, `Sun`).
 *
 * @example
 * formatWeekday(t, '2025-06-01') // '周日'
 */
export function formatWeekday(t: Translate, date: string): string {
  const p = studioParts(date)
  return p ? weekdayName(t, p.weekday) : ''
}
