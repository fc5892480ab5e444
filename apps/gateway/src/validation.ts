import { Refusal } from './gateway-error'
import { isStudioDate } from './studio-time'

// Every reader returns a value of the right type or throws a VALIDATION refusal naming the field,
// so handlers never see an unchecked value. Unknown fields are simply never read.

function invalid(field: string, msg: string): Refusal {
  return new Refusal('VALIDATION', { msg, tips: `参数 ${field} 不正确`, data: { field } })
}

/** Mainland mobile numbers: 11 digits starting 13–19. */
export const PHONE_RE = /^1[3-9]\d{9}$/

/** A JSON body must be an object (not an array, string or number). */
export function readObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Refusal('VALIDATION', { msg: '请求体必须是 JSON 对象' })
  }
  return value as Record<string, unknown>
}

/** A mainland mobile number given as a string. */
export function readPhone(value: unknown, field = 'phone'): string {
  if (typeof value !== 'string' || !PHONE_RE.test(value)) throw invalid(field, '手机号格式不正确')
  return value
}

/** A six-digit one-time code given as a string. */
export function readSmsCode(value: unknown, field = 'code'): string {
  if (typeof value !== 'string' || !/^\d{6}$/.test(value)) throw invalid(field, '验证码应为 6 位数字')
  return value
}

/** A positive integer given as a JSON number. */
export function readId(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw invalid(field, `${field} 必须是正整数`)
  }
  return value
}

/** Like {@link readId}, but `undefined` and `null` mean "not given". */
export function readOptionalId(value: unknown, field: string): number | undefined {
  return value === undefined || value === null ? undefined : readId(value, field)
}

/** A positive integer written in a path segment or query string. */
export function readIdText(text: string | undefined, field: string): number {
  if (text === undefined || !/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw invalid(field, `${field} 必须是正整数`)
  }
  return Number(text)
}

/** An integer within `[min, max]` written in a query string; `fallback` when absent. */
export function readIntText(
  text: string | undefined,
  field: string,
  range: { min: number; max: number; fallback: number },
): number {
  if (text === undefined || text === '') return range.fallback
  const value = /^-?\d{1,9}$/.test(text) ? Number(text) : Number.NaN
  if (!(value >= range.min && value <= range.max)) {
    throw invalid(field, `${field} 必须是 ${range.min} 到 ${range.max} 之间的整数`)
  }
  return value
}

/** A `YYYY-MM-DD` calendar date; `fallback` when absent. */
export function readDateText(text: string | undefined, field: string, fallback: string): string {
  if (text === undefined || text === '') return fallback
  if (!isStudioDate(text)) throw invalid(field, `${field} 应为 YYYY-MM-DD 格式的日期`)
  return text
}

/** One of a fixed set of codes; `undefined` when absent. */
export function readEnumText<T extends string>(
  text: string | undefined,
  field: string,
  allowed: Readonly<Record<T, unknown>>,
): T | undefined {
  if (text === undefined || text === '') return undefined
  if (!Object.hasOwn(allowed, text)) throw invalid(field, `${field} 的取值不在可选范围内`)
  return text as T
}

/** An optional string of at most `max` characters. */
export function readOptionalString(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || value.length > max) {
    throw invalid(field, `${field} 必须是不超过 ${max} 个字符的字符串`)
  }
  return value
}

/** An optional integer within `[min, max]` given as a JSON number. */
export function readOptionalInt(value: unknown, field: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw invalid(field, `${field} 必须是 ${min} 到 ${max} 之间的整数`)
  }
  return value
}

/** Masks a phone number for display: `138****8000`. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(7)}`
}
