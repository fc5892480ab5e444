import { LEVELS, STYLES } from '@xdance/contract'
import { readStorage, writeStorage } from '@xdance/session'

/** The schedule's filters as the URL keeps them (`?style=jazz&level=beginner&teacher=3`); absent: any. */
export interface ScheduleFilters {
  style?: string
  level?: string
  /** A teacher's id, as text, or `mine`: the teachers the signed-in customer follows. */
  teacher?: string
  /** The part of the studio's day: `morning`, `afternoon` or `evening`. */
  time?: string
  /** A name search: part of a class's title or its teacher's name. */
  q?: string
  /** A member's age, as text: the classes whose age range holds it, and those open to any age. */
  age?: string
}

/** The filter keys, in the order the URL writes them (before `date`). */
export const FILTER_KEYS = ['style', 'level', 'teacher', 'time', 'q', 'age'] as const

/** The parts of the day the time filter offers, in order (the contract's `TIMES_OF_DAY` codes). */
export const TIMES = ['morning', 'afternoon', 'evening'] as const

/** The ages the age filter offers: the children's years, then an adult (18). */
export const AGES = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] as const

/** The longest name search the gateway takes. */
export const SEARCH_MAX_LENGTH = 40

/** Session-storage key of the visit's filters (the tab's session: a new visit starts unfiltered). */
export const FILTERS_STORAGE_KEY = 'xdance-schedule-filters'

/**
 * The style or level codes the schedule filters by, in the contract's order (`STYLES`, `LEVELS`).
 *
 * @example
 * namedCodes('level') // ['beginner', 'elementary', 'intermediate', 'advanced']
 */
export function namedCodes(kind: 'style' | 'level'): string[] {
  return Object.keys(kind === 'style' ? STYLES : LEVELS)
}

// Object.hasOwn needs Safari 15.4 and Chromium 93, above the support floor.
const own = Object.prototype.hasOwnProperty
const valid: Record<(typeof FILTER_KEYS)[number], (value: string) => boolean> = {
  style: (value) => own.call(STYLES, value),
  level: (value) => own.call(LEVELS, value),
  teacher: (value) => value === 'mine' || /^[1-9]\d{0,8}$/.test(value),
  time: (value) => (TIMES as readonly string[]).includes(value),
  q: (value) => value.length <= SEARCH_MAX_LENGTH,
  age: (value) => /^\d{1,3}$/.test(value) && Number(value) <= 120,
}

/**
 * The filters of a query: known styles and levels and a teacher id; anything else is left out (a stale or
 * mistyped link shows the unfiltered schedule rather than an error).
 *
 * @example
 * readFilters(new URLSearchParams('style=jazz&level=pro')) // { style: 'jazz' }
 */
export function readFilters(params: URLSearchParams): ScheduleFilters {
  const filters: ScheduleFilters = {}
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim()
    if (value && valid[key](value)) filters[key] = value
  }
  return filters
}

/**
 * Whether any filter is set.
 *
 * @example
 * isFiltered({}) // false
 */
export function isFiltered(filters: ScheduleFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined)
}

/**
 * The query of filters and a day, filters first: `style=jazz&teacher=3&date=2025-06-03`.
 *
 * @example
 * filtersQuery({ level: 'beginner' }) // 'level=beginner'
 */
export function filtersQuery(filters: ScheduleFilters, date?: string | null): string {
  const params = new URLSearchParams()
  for (const key of FILTER_KEYS) {
    const value = filters[key]
    if (value !== undefined) params.set(key, value)
  }
  if (date) params.set('date', date)
  return params.toString()
}

/**
 * The schedule's path for filters and a day: `/schedule?style=jazz&teacher=3&date=2025-06-03`.
 *
 * @example
 * schedulePath({ style: 'jazz' }, '2025-06-03') // '/schedule?style=jazz&date=2025-06-03'
 */
export function schedulePath(filters: ScheduleFilters, date?: string | null): string {
  const query = filtersQuery(filters, date)
  return query ? `/schedule?${query}` : '/schedule'
}

/**
 * Remembers the filters for the visit (session storage; a refusing storage keeps them in memory for the page).
 *
 * @example
 * rememberFilters({ style: 'jazz' })
 */
export function rememberFilters(filters: ScheduleFilters): void {
  // A server's render has no visit: its storage stand-in would be shared by every visitor of the process.
  if (typeof window === 'undefined') return
  writeStorage('session', FILTERS_STORAGE_KEY, filtersQuery(filters))
}

/**
 * The filters remembered for the visit; none when nothing (or nothing valid) was remembered.
 *
 * @example
 * recallFilters() // { style: 'jazz' }
 */
export function recallFilters(): ScheduleFilters {
  if (typeof window === 'undefined') return {}
  return readFilters(new URLSearchParams(readStorage('session', FILTERS_STORAGE_KEY) ?? ''))
}
