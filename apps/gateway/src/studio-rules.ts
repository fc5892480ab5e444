/**
 * Dance styles the studio teaches: code → name shown to customers.
 *
 * @example
 * ```ts
 * import { STYLES } from '@xdance/gateway'
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
 * import { LEVELS } from '@xdance/gateway'
 * LEVELS.beginner // '零基础'
 * ```
 */
export const LEVELS = {
  beginner: '零基础',
  elementary: '初级',
  intermediate: '中级',
  advanced: '进阶',
} as const

export type StyleCode = keyof typeof STYLES
export type LevelCode = keyof typeof LEVELS

/**
 * Business limits, each in one place (the README quotes them).
 *
 * @example
 * ```ts
 * import { RULES } from '@xdance/gateway'
 * const cutoffMs = RULES.cancelCutoffMinutes * 60_000
 * ```
 */
export const RULES = {
  /** A booking can be cancelled until this long before the class starts. */
  cancelCutoffMinutes: 120,
  /** A sign-in token lives this long. */
  tokenTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** A one-time code lives this long. */
  smsCodeTtlMs: 5 * 60 * 1000,
  /** At most one code per phone in this window. */
  smsResendMs: 60 * 1000,
  /** Wrong guesses allowed per code before it is burnt. */
  smsMaxAttempts: 5,
  /** Largest request body accepted under the prefix. */
  maxBodyBytes: 64 * 1024,
  /** Longest date range `GET /classes` answers, in days. */
  maxRangeDays: 31,
  /** Schedule kept ahead of today in demo mode, in days (today included). */
  scheduleAheadDays: 14,
  /** Past days of schedule kept in demo mode, so "past bookings" have classes to point at. */
  scheduleBehindDays: 2,
} as const

/**
 * The head the gateway hands out at sign-in: the client stores it in the `xdance-head` cookie and sends
 * `Authorization: <head><token>`.
 *
 * @example
 * ```ts
 * import { AUTH_HEAD } from '@xdance/gateway'
 * const authorization = `${AUTH_HEAD}${token}`
 * ```
 */
export const AUTH_HEAD = 'Bearer '
