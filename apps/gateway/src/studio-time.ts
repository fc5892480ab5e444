// The studio is in mainland China: UTC+8 all year (no daylight saving), so a fixed offset is exact.
const OFFSET_MS = 8 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The studio's calendar date (`YYYY-MM-DD`) at an instant. */
export function studioDate(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime()
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10)
}

/** True when `text` is a real calendar date written `YYYY-MM-DD` (so `2025-02-30` is refused). */
export function isStudioDate(text: string): boolean {
  const match = DATE_RE.exec(text)
  if (!match) return false
  const [, y, m, d] = match
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  return date.toISOString().slice(0, 10) === text
}

/** The instant of `HH:mm` studio time on a studio date, as epoch milliseconds. */
export function studioInstant(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number)
  const [hh, mm] = time.split(':').map(Number)
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0) - OFFSET_MS
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return studioDate(studioInstant(date, '12:00') + days * DAY_MS)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((studioInstant(to, '12:00') - studioInstant(from, '12:00')) / DAY_MS)
}

/** Day of the week of a studio date, 0 = Sunday. */
export function weekday(date: string): number {
  return new Date(studioInstant(date, '12:00') + OFFSET_MS).getUTCDay()
}

/** An instant written in studio time with its offset, e.g. `2025-06-01T19:00:00+08:00`. */
export function toStudioIso(ms: number): string {
  return `${new Date(ms + OFFSET_MS).toISOString().slice(0, 19)}+08:00`
}
