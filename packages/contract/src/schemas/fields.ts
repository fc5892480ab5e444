import * as v from 'valibot'
import { PHONE_PATTERN, SMS_CODE_PATTERN } from '../phone'
import { isStudioDate } from '../studio-calendar'

// Object.hasOwn needs Safari 15.4 and Chromium 93, above the support floor (iOS 15, Chromium 87).
const hasOwn = Object.prototype.hasOwnProperty

// Field schemas shared by requests and answers. Request fields carry the customer-readable message the gateway
// answers with (code 40001) when they do not hold; `field` names the field the way the message does.

/**
 * A positive integer given as a JSON number (an id in a request body).
 *
 * @example
 * ```ts
 * v.parse(idNumber('classId'), 12) // 12
 * ```
 */
export const idNumber = (field: string) => {
  const message = idMessage(field)
  return v.pipe(v.number(message), v.safeInteger(message), v.minValue(1, message))
}

/**
 * A positive integer written as text (a path segment or a query value), parsed to a number.
 *
 * @example
 * ```ts
 * v.parse(idText('id'), '12') // 12
 * ```
 */
export const idText = (field: string) => {
  const message = idMessage(field)
  return v.pipe(
    v.string(message),
    v.regex(/^[1-9]\d{0,15}$/, message),
    v.transform(Number),
    v.safeInteger(message),
  )
}

/**
 * An integer within `[min, max]` written as text in a query string; `fallback` when absent or empty.
 *
 * @example
 * ```ts
 * v.parse(intText('page', 1, 10_000, 1), '3') // 3
 * ```
 */
export const intText = (field: string, min: number, max: number, fallback: number) => {
  const message = `${field} 必须是 ${min} 到 ${max} 之间的整数`
  return v.optional(
    v.pipe(
      v.string(message),
      v.transform((text) => (text === '' ? fallback : /^-?\d{1,9}$/.test(text) ? Number(text) : Number.NaN)),
      v.number(message),
      v.minValue(min, message),
      v.maxValue(max, message),
    ),
    String(fallback),
  )
}

/**
 * A `YYYY-MM-DD` studio date written as text; `undefined` when absent or empty.
 *
 * @example
 * ```ts
 * v.parse(dateText('from'), '2025-06-01') // '2025-06-01'
 * ```
 */
export const dateText = (field: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => (text === '' ? undefined : text)),
      v.check((text) => text === undefined || isStudioDate(text), `${field} 应为 YYYY-MM-DD 格式的日期`),
    ),
  )

/**
 * One of the keys of `allowed` written as text; `undefined` when absent or empty.
 *
 * @example
 * ```ts
 * v.parse(codeText('style', STYLES), 'jazz') // 'jazz'
 * ```
 */
export const codeText = <T extends string>(field: string, allowed: Readonly<Record<T, unknown>>) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => (text === '' ? undefined : text)),
      v.check((text) => text === undefined || hasOwn.call(allowed, text), `${field} 的取值不在可选范围内`),
      v.transform((text) => text as T | undefined),
    ),
  )

/**
 * An optional text field of at most `max` characters; a number is taken as its text (trace marks send both).
 *
 * @example
 * ```ts
 * v.parse(shortText('openId', 128), 'o_abc') // 'o_abc'
 * ```
 */
export const shortText = (field: string, max: number) => {
  const message = `${field} 必须是不超过 ${max} 个字符的字符串`
  return v.optional(
    v.pipe(
      v.union([v.string(message), v.number(message)], message),
      v.transform(String),
      v.maxLength(max, message),
    ),
  )
}

/** What the gateway answers for a body that is not a JSON object. */
export const BODY_MESSAGE = '请求体必须是 JSON 对象'

/**
 * The message function of a request body's object schema: a missing field is refused with that field's own message
 * (`messages[key]`), anything else (the body is not an object) with {@link BODY_MESSAGE}.
 *
 * @example
 * ```ts
 * v.object({ phone: phoneField }, missingField({ phone: PHONE_MESSAGE }))
 * ```
 */
export const missingField =
  (messages: Readonly<Record<string, string>>) =>
  (issue: v.BaseIssue<unknown>): string => {
    const key = issue.path?.[0]?.key
    return typeof key === 'string' && hasOwn.call(messages, key)
      ? (messages[key] ?? BODY_MESSAGE)
      : BODY_MESSAGE
  }

/** The message for a phone that is not a mainland mobile number. */
export const PHONE_MESSAGE = '手机号格式不正确'
/** The message for a one-time code that is not six digits. */
export const SMS_CODE_MESSAGE = '验证码应为 6 位数字'
/** The message for an id that is not a positive integer. */
export const idMessage = (field: string) => `${field} 必须是正整数`

/**
 * A mainland mobile number (11 digits starting 13–19), as a request field.
 *
 * @example
 * ```ts
 * v.parse(phoneField, '13800138000')
 * ```
 */
export const phoneField = v.pipe(v.string(PHONE_MESSAGE), v.regex(PHONE_PATTERN, PHONE_MESSAGE))

/**
 * A six-digit one-time code, as a request field.
 *
 * @example
 * ```ts
 * v.parse(smsCodeField, '123456')
 * ```
 */
export const smsCodeField = v.pipe(v.string(SMS_CODE_MESSAGE), v.regex(SMS_CODE_PATTERN, SMS_CODE_MESSAGE))

/** An instant written in ISO 8601 (the gateway writes studio time with `+08:00`). */
export const instant = v.pipe(v.string(), v.isoTimestamp())

/** A `YYYY-MM-DD` studio date in an answer. */
export const studioDateField = v.pipe(
  v.string(),
  v.check((text: string) => isStudioDate(text), 'not a YYYY-MM-DD date'),
)

/** A non-negative integer in an answer. */
export const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0))

/** A positive integer id in an answer. */
export const id = v.pipe(v.number(), v.safeInteger(), v.minValue(1))
