// The studio is in mainland China: UTC+8 all year, no daylight saving. Dates on screen and the gateway's
// `from`/`to` are studio dates, whatever time zone the phone is set to.
const OFFSET_MS = 8 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * The studio's calendar date (`YYYY-MM-DD`) at an instant.
 *
 * @example
 * studioDateKey(Date.UTC(2025, 5, 1, 17)) // '2025-06-02' (01:00 the next day in the studio)
 */
export function studioDateKey(at: number | Date): string {
  const ms = typeof at === 'number' ? at : at.getTime()
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10)
}

/**
 * True when `key` is a real calendar date written `YYYY-MM-DD`.
 *
 * @example
 * isDateKey('2025-02-30') // false
 */
export function isDateKey(key: string | null | undefined): key is string {
  const match = key ? DATE_KEY.exec(key) : null
  if (!match) return false
  const [, y, m, d] = match
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).toISOString().slice(0, 10) === key
}

/**
 * The date key `days` after `key` (negative goes back).
 *
 * @example
 * addDays('2025-12-31', 1) // '2026-01-01'
 */
export function addDays(key: string, days: number): string {
  return new Date(noonUtc(key) + days * DAY_MS).toISOString().slice(0, 10)
}

/**
 * `count` consecutive date keys starting at `start`: the schedule's week strip.
 *
 * @example
 * weekKeys('2025-12-30', 3) // ['2025-12-30', '2025-12-31', '2026-01-01']
 */
export function weekKeys(start: string, count = 7): string[] {
  return Array.from({ length: count }, (_, index) => addDays(start, index))
}

/**
 * The chosen day of the schedule: the `date` query if it is in the strip, else the first day.
 *
 * @example
 * pickDay('2025-06-03', ['2025-06-01', '2025-06-02', '2025-06-03']) // '2025-06-03'
 */
export function pickDay(requested: string | null, keys: readonly string[]): string {
  if (requested && keys.includes(requested)) return requested
  return keys[0] ?? ''
}

/**
 * Day of the week of a date key, 0 = Sunday.
 *
 * @example
 * weekdayOf('2025-06-01') // 0
 */
export function weekdayOf(key: string): number {
  return new Date(noonUtc(key)).getUTCDay()
}

/**
 * The day of the month of a date key, for the week strip.
 *
 * @example
 * dayOfMonth('2025-06-09') // 9
 */
export function dayOfMonth(key: string): number {
  return Number(key.slice(8, 10))
}

function noonUtc(key: string): number {
  const [y, m, d] = key.split('-').map(Number)
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12)
}
