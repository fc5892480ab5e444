/**
 * Dance styles the studio teaches: code → name shown to customers.
 *
 * @example
 * ```ts
 * STYLES.jazz // '爵士'
 * ```
 */
export const STYLES = {
  jazz: '爵士',
  hiphop: '街舞',
  kpop: '韩舞',
  ballet: '芭蕾',
  chinese: '中国舞',
  latin: '拉丁',
} as const

/**
 * Class levels: code → name shown to customers.
 *
 * @example
 * ```ts
 * LEVELS.beginner // '零基础'
 * ```
 */
export const LEVELS = {
  beginner: '零基础',
  elementary: '初级',
  intermediate: '中级',
  advanced: '进阶',
} as const

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
