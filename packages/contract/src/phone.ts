/**
 * Mainland mobile numbers: 11 digits starting 13–19. The one phone rule of the gateway and every client.
 *
 * @example
 * ```ts
 * PHONE_PATTERN.test('13800138000') // true
 * ```
 */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/

/**
 * A one-time sign-in code: six digits.
 *
 * @example
 * ```ts
 * SMS_CODE_PATTERN.test('012345') // true
 * ```
 */
export const SMS_CODE_PATTERN = /^\d{6}$/

/**
 * True for a mainland mobile number written as 11 digits.
 *
 * @example
 * ```ts
 * isPhone('13800138000') // true
 * isPhone('12800138000') // false
 * ```
 */
export function isPhone(value: unknown): value is string {
  return typeof value === 'string' && PHONE_PATTERN.test(value)
}

/**
 * Masks the middle of a phone number for display: `138****8000`. Text too short to be a phone is returned as is.
 *
 * @example
 * ```ts
 * maskPhone('13800138000') // '138****8000'
 * ```
 */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone
}
