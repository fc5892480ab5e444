// The studio is in mainland China: UTC+8 all year, no daylight saving, so a fixed offset is exact. Dates on the
// wire (`YYYY-MM-DD`) and on screen are studio dates, whatever time zone the server or the phone is set to.
// Plain arithmetic, no Intl: Intl.DateTimeFormat's first use loads time-zone data (tens of ms on a phone).

/**
 * The studio's time zone, as IANA names it (for calendars and `Intl` where a caller wants them).
 *
 * @example
 * ```ts
 * `DTSTART;TZID=${STUDIO_TIME_ZONE}:20250601T190000`
 * ```
 */
export const STUDIO_TIME_ZONE = 'Asia/Shanghai'

/**
 * The studio's offset from UTC in milliseconds (UTC+8).
 *
 * @example
 * ```ts
 * new Date(instant + STUDIO_UTC_OFFSET_MS).getUTCHours() // the studio's hour
 * ```
 */
// Written as literals, not products: a bundler cannot drop an unused product (`8 * 60 * 60 * 1000` might call valueOf
// for all it knows), so every importer of the package would carry them.
export const STUDIO_UTC_OFFSET_MS = 28_800_000 // 8 h

const DAY_MS = 86_400_000 // 24 h
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * The studio's calendar date (`YYYY-MM-DD`) at an instant.
 *
 * @example
 * ```ts
 * studioDate(Date.UTC(2025, 5, 1, 17)) // '2025-06-02' (01:00 the next day in the studio)
 * ```
 */
export function studioDate(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime()
  return new Date(ms + STUDIO_UTC_OFFSET_MS).toISOString().slice(0, 10)
}

/**
 * True when `text` is a real calendar date written `YYYY-MM-DD` (so `2025-02-30` is refused).
 *
 * @example
 * ```ts
 * isStudioDate('2025-02-28') // true
 * isStudioDate('2025-02-30') // false
 * ```
 */
export function isStudioDate(text: unknown): text is string {
  if (typeof text !== 'string') return false
  const match = DATE_RE.exec(text)
  if (!match) return false
  const [, y, m, d] = match
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  return date.toISOString().slice(0, 10) === text
}

/**
 * The instant of `HH:mm` studio time on a studio date, as epoch milliseconds.
 *
 * @example
 * ```ts
 * studioInstant('2025-06-01', '19:00') // Date.UTC(2025, 5, 1, 11)
 * ```
 */
export function studioInstant(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number)
  const [hh, mm] = time.split(':').map(Number)
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0) - STUDIO_UTC_OFFSET_MS
}

/**
 * `date` moved by `days` calendar days (negative goes back).
 *
 * @example
 * ```ts
 * addDays('2025-12-31', 1) // '2026-01-01'
 * ```
 */
export function addDays(date: string, days: number): string {
  return studioDate(studioInstant(date, '12:00') + days * DAY_MS)
}

/**
 * Whole days from `from` to `to` (negative when `to` is earlier).
 *
 * @example
 * ```ts
 * daysBetween('2025-06-01', '2025-06-07') // 6
 * ```
 */
export function daysBetween(from: string, to: string): number {
  return Math.round((studioInstant(to, '12:00') - studioInstant(from, '12:00')) / DAY_MS)
}

/**
 * `count` consecutive studio dates starting at `start`: a schedule's strip of days.
 *
 * @example
 * ```ts
 * studioDays('2025-12-30', 3) // ['2025-12-30', '2025-12-31', '2026-01-01']
 * ```
 */
export function studioDays(start: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(start, index))
}

/**
 * Day of the week of a studio date, 0 = Sunday.
 *
 * @example
 * ```ts
 * weekday('2025-06-01') // 0
 * ```
 */
export function weekday(date: string): number {
  return new Date(studioInstant(date, '12:00') + STUDIO_UTC_OFFSET_MS).getUTCDay()
}

/**
 * An instant written in studio time with its offset, as the gateway answers instants.
 *
 * @example
 * ```ts
 * toStudioIso(Date.UTC(2025, 5, 1, 11)) // '2025-06-01T19:00:00+08:00'
 * ```
 */
export function toStudioIso(ms: number): string {
  return `${new Date(ms + STUDIO_UTC_OFFSET_MS).toISOString().slice(0, 19)}+08:00`
}

/**
 * The studio-time parts of an instant (epoch ms or ISO text) or of a studio date (read at studio noon, so it stays
 * on its day); `undefined` for a value that is not a time.
 *
 * @example
 * ```ts
 * studioParts('2025-06-01T19:00:00+08:00') // { year: 2025, month: 6, day: 1, weekday: 0, hhmm: '19:00' }
 * ```
 */
export function studioParts(value: string | number): StudioParts | undefined {
  const input = typeof value === 'string' && DATE_RE.test(value) ? `${value}T12:00:00+08:00` : value
  const ms = new Date(input).getTime()
  if (Number.isNaN(ms)) return undefined
  const studio = new Date(ms + STUDIO_UTC_OFFSET_MS)
  return {
    year: studio.getUTCFullYear(),
    month: studio.getUTCMonth() + 1,
    day: studio.getUTCDate(),
    weekday: studio.getUTCDay(),
    hhmm: studio.toISOString().slice(11, 16),
  }
}

/**
 * What {@link studioParts} reads off an instant: month 1–12, weekday 0 = Sunday, `hhmm` 24-hour.
 *
 * @example
 * ```ts
 * const parts: StudioParts = { year: 2025, month: 6, day: 1, weekday: 0, hhmm: '19:00' }
 * ```
 */
export interface StudioParts {
  year: number
  month: number
  day: number
  weekday: number
  hhmm: string
}
