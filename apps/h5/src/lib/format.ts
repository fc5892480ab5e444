import { t } from '../i18n/i18n'
import type { MessageKey } from '../i18n/zh'

// Studio time is UTC+8 all year, so dates and times are computed with a fixed offset and spelled with the
// message catalogue: no Intl.DateTimeFormat, whose first use loads time-zone data (tens of ms on a phone) and
// whose output differs between browsers.
const OFFSET_MS = 8 * 60 * 60 * 1000

interface StudioParts {
  year: number
  month: number
  day: number
  weekday: number
  hhmm: string
}

function parts(value: string | number): StudioParts | undefined {
  // A bare date is a studio date: read it at studio noon so it stays on its day.
  const input =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+08:00` : value
  const ms = new Date(input).getTime()
  if (Number.isNaN(ms)) return undefined
  const studio = new Date(ms + OFFSET_MS)
  return {
    year: studio.getUTCFullYear(),
    month: studio.getUTCMonth() + 1,
    day: studio.getUTCDate(),
    weekday: studio.getUTCDay(),
    hhmm: studio.toISOString().slice(11, 16),
  }
}

const monthName = (month: number) => t(`month.${month}` as MessageKey)
const weekdayName = (weekday: number) => t(`weekday.${weekday}` as MessageKey)

/**
 * The studio-time clock time of an instant, 24-hour (`19:00`); empty for a bad value.
 *
 * @example
 * formatTime('2025-06-01T19:00:00+08:00') // '19:00'
 */
export function formatTime(value: string | number): string {
  return parts(value)?.hhmm ?? ''
}

/**
 * The studio-time date of an instant with its weekday (`6月1日周日`, `Sun, Jun 1`); empty for a bad value.
 *
 * @example
 * formatDate('2025-06-01T19:00:00+08:00') // '6月1日周日'
 */
export function formatDate(value: string | number): string {
  const p = parts(value)
  if (!p) return ''
  const date = t('date.monthDay', { monthName: monthName(p.month), day: p.day })
  return t('date.withWeekday', { date, weekday: weekdayName(p.weekday) })
}

/**
 * The studio-time month and day of an instant or date key, for a class card (`6月1日`, `Jun 1`); empty for a
 * bad value.
 *
 * @example
 * formatMonthDay('2025-06-01') // '6月1日'
 */
export function formatMonthDay(value: string | number): string {
  const p = parts(value)
  return p ? t('date.monthDay', { monthName: monthName(p.month), day: p.day }) : ''
}

/**
 * A calendar date with its year (a card's expiry): `2025年12月31日`, `Dec 31, 2025`; empty for a bad value.
 *
 * @example
 * formatDay('2025-12-31') // '2025年12月31日'
 */
export function formatDay(value: string | number): string {
  const p = parts(value)
  return p ? t('date.full', { year: p.year, monthName: monthName(p.month), day: p.day }) : ''
}

/**
 * The short weekday name of a date key, for the week strip (`周日`, `Sun`).
 *
 * @example
 * formatWeekday('2025-06-01') // '周日'
 */
export function formatWeekday(key: string): string {
  const p = parts(key)
  return p ? weekdayName(p.weekday) : ''
}

/**
 * Masks the middle of a phone number for display (`138****8000`).
 *
 * @example
 * maskPhone('13800138000') // '138****8000'
 */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone
}
