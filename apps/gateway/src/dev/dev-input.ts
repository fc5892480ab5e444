import { isPhone } from '@xdance/contract'
import { BODY_MESSAGE, PHONE_MESSAGE } from '@xdance/contract/schemas'
import { Refusal } from '../core/gateway-server-error'

// Readers for the bodies of the dev API (demo mode only). The dev API is the gateway's own test tool, not part of
// the contract, so its inputs have no schema there; its refusals look like every other 40001.

function invalid(field: string, msg: string): Refusal {
  return new Refusal('VALIDATION', { msg, tips: `参数 ${field} 不正确`, data: { field } })
}

/** A JSON body must be an object (not an array, string or number). */
export function readObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Refusal('VALIDATION', { msg: BODY_MESSAGE })
  }
  return value as Record<string, unknown>
}

/** A mainland mobile number given as a string (the contract's phone rule). */
export function readPhone(value: unknown, field = 'phone'): string {
  if (!isPhone(value)) throw invalid(field, PHONE_MESSAGE)
  return value
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

/** A page of dev records: the newest `limit`, or with `after` the next `limit` after that id. */
export interface Page {
  after: number | undefined
  limit: number
}

/** Default and largest `?limit=` of `/__dev/reports` and `/__dev/traces`. */
export const PAGE_LIMITS = { default: 1000, max: 5000 } as const

/** Reads `?after=<id>&limit=<n>` (both optional, whole numbers; `limit` 1–5000, default 1000). */
export function readPage(query: Record<string, string>): Page {
  const whole = (field: 'after' | 'limit', min: number, max: number): number | undefined => {
    const text = query[field]
    if (text === undefined) return undefined
    if (!/^\d{1,16}$/.test(text) || Number(text) < min || Number(text) > max) {
      throw invalid(field, `${field} 必须是 ${min} 到 ${max} 之间的整数`)
    }
    return Number(text)
  }
  return {
    after: whole('after', 0, Number.MAX_SAFE_INTEGER),
    limit: whole('limit', 1, PAGE_LIMITS.max) ?? PAGE_LIMITS.default,
  }
}
