/**
 * Dance styles the studio teaches: code → the name shown to customers, in each language of the studio's data.
 *
 * @example
 * ```ts
 * STYLES.jazz.zh // '爵士'
 * STYLES.jazz.en // 'Jazz'
 * ```
 */
export const STYLES = {
  jazz: { zh: '爵士', en: 'Jazz' },
  hiphop: { zh: '街舞', en: 'Hip-hop' },
  kpop: { zh: '韩舞', en: 'K-pop' },
  ballet: { zh: '芭蕾', en: 'Ballet' },
  chinese: { zh: '中国舞', en: 'Chinese dance' },
  latin: { zh: '拉丁', en: 'Latin' },
} as const

/**
 * Class levels: code → the name shown to customers, in each language of the studio's data.
 *
 * @example
 * ```ts
 * LEVELS.beginner.en // 'Beginner'
 * ```
 */
export const LEVELS = {
  beginner: { zh: '零基础', en: 'Beginner' },
  elementary: { zh: '初级', en: 'Elementary' },
  intermediate: { zh: '中级', en: 'Intermediate' },
  advanced: { zh: '进阶', en: 'Advanced' },
} as const

/**
 * Times of day a class can start in, in studio time: code → the studio hours `[from, to)` it covers.
 *
 * @example
 * ```ts
 * TIMES_OF_DAY.evening // [18, 24]: a class starting at 18:00 or later
 * ```
 */
export const TIMES_OF_DAY = {
  morning: [0, 12],
  afternoon: [12, 18],
  evening: [18, 24],
} as const

/**
 * A time-of-day code, e.g. `'evening'`.
 *
 * @example
 * ```ts
 * const time: TimeOfDay = 'morning'
 * ```
 */
export type TimeOfDay = keyof typeof TIMES_OF_DAY

/**
 * The languages the studio's data is answered in: `zh` (what the studio writes first) and `en` (falling back to the
 * Chinese where the studio wrote no English).
 *
 * @example
 * ```ts
 * const lang: DataLanguage = 'en'
 * ```
 */
export type DataLanguage = 'zh' | 'en'

/**
 * A style code, e.g. `'jazz'`.
 *
 * @example
 * ```ts
 * const style: StyleCode = 'kpop'
 * ```
 */
export type StyleCode = keyof typeof STYLES

/**
 * A level code, e.g. `'beginner'`.
 *
 * @example
 * ```ts
 * const level: LevelCode = 'advanced'
 * ```
 */
export type LevelCode = keyof typeof LEVELS

/**
 * The rules of the studio and of the contract both sides rely on, each in one place.
 *
 * @example
 * ```ts
 * const cutoffMs = RULES.cancelCutoffMinutes * 60_000
 * ```
 */
// Figures as literals, not products, so that a bundler can drop RULES where it is not used (see STUDIO_UTC_OFFSET_MS).
export const RULES = {
  /** A booking can be cancelled until this long before the class starts. */
  cancelCutoffMinutes: 120,
  /** A sign-in token lives this long. */
  tokenTtlMs: 604_800_000, // 7 days
  /** A one-time code lives this long. */
  smsCodeTtlMs: 300_000, // 5 min
  /** At most one code per phone in this window. */
  smsResendMs: 60_000, // 1 min
  /** Wrong guesses allowed per code before it is burnt. */
  smsMaxAttempts: 5,
  /** Largest request body accepted under the prefix. */
  maxBodyBytes: 65_536, // 64 KiB
  /** Longest date range `GET /classes` answers, in days. */
  maxRangeDays: 31,
  /** Days of schedule published ahead of today (today included). */
  scheduleAheadDays: 14,
  /** An unpaid order expires this long after it was created. */
  orderPayMinutes: 15,
  /** The reminder before a booked class goes out this long before it starts. */
  reminderMinutes: 120,
  /** A card with credits left is announced as about to expire this many days before it does. */
  cardExpiryNoticeDays: 7,
  /** The longest nickname, in characters once trimmed (`POST /me/profile`). */
  nicknameMaxLength: 20,
  /** The longest name of a family member (学员), in characters once trimmed (`POST /me/members`). */
  memberNameMaxLength: 20,
  /** The most family members one account keeps, the account holder included. */
  maxMembers: 8,
  /** The earliest birth year a member may give. */
  birthYearMin: 1900,
  /** A class can be rated this many days after it ends, once per booking. */
  ratingWindowDays: 7,
  /** A rating can be changed this many hours after it was first given. */
  ratingEditHours: 24,
  /** The longest comment of a rating, in characters once trimmed. */
  ratingCommentMaxLength: 200,
  /** A teacher's average is shown from this many ratings on (never a lone rating). */
  ratingsShownFrom: 3,
  /**
   * How long one check-in code lives: a page showing one fetches a fresh one at half of it, so a screenshot goes
   * stale within it.
   */
  checkInCodeTtlMs: 120_000, // 2 min
  /** A share link's invitation holds this many days: to sign up from it, and from signing up to a first class. */
  invitationDays: 14,
} as const

/**
 * The head the gateway hands out at sign-in: the client stores it in the `xdance-head` cookie and sends
 * `Authorization: <head><token>`.
 *
 * @example
 * ```ts
 * const authorization = `${AUTH_HEAD}${token}`
 * ```
 */
export const AUTH_HEAD = 'Bearer '

/**
 * A member's age for a class: the class's studio year less the member's birth year (`null` without one). The
 * gateway refuses a booking outside a class's ages with it, and the app greys out the member with it.
 *
 * @example
 * ```ts
 * ageForClass(2020, '2025-06-07') // 5
 * ```
 */
export function ageForClass(birthYear: number | null, classDate: string): number | null {
  return birthYear === null ? null : Number(classDate.slice(0, 4)) - birthYear
}

/**
 * Whether a member of `age` may take a class of `ages` (`null`: open to any age; an unknown age fits no range).
 *
 * @example
 * ```ts
 * agesFit({ min: 4, max: 6 }, 5) // true
 * agesFit({ min: 4, max: 6 }, null) // false
 * ```
 */
export function agesFit(ages: { min: number; max: number } | null, age: number | null): boolean {
  return ages === null || (age !== null && age >= ages.min && age <= ages.max)
}
