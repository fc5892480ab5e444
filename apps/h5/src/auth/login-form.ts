import { PHONE_PATTERN, SMS_CODE_PATTERN } from '@xdance/contract'

/** What the sign-in form can be told about its fields. */
export interface LoginFieldErrors {
  phone?: 'login.phoneInvalid'
  code?: 'login.codeInvalid'
  consent?: 'login.consentRequired'
}

/**
 * Normalises a typed phone number: spaces, dashes and a `+86` prefix go; what is left must be a mainland mobile
 * number (the contract's `PHONE_PATTERN`), else `undefined`.
 *
 * @example
 * normalisePhone('+86 138-0013-8000') // '13800138000'
 */
export function normalisePhone(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const digits = value.replace(/[\s-]/g, '').replace(/^\+?86(?=1\d{10}$)/, '')
  return PHONE_PATTERN.test(digits) ? digits : undefined
}

/**
 * A one-time code is six digits (the contract's `SMS_CODE_PATTERN`; spaces around it are forgiven), else
 * `undefined`.
 *
 * @example
 * normaliseCode(' 123456 ') // '123456'
 */
export function normaliseCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const code = value.trim()
  return SMS_CODE_PATTERN.test(code) ? code : undefined
}
