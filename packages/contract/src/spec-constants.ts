/**
 * How long one HTTP call may take, in milliseconds (spec section 9).
 *
 * @example
 * ```ts
 * createGatewayClient({ baseURL: GATEWAY_PREFIX, timeout: HTTP_TIMEOUT })
 * ```
 */
export const HTTP_TIMEOUT = 20_000

/**
 * The request header that makes a booking, a cancellation, a waitlist change or an order safe to send again: one
 * key per intent of the customer, the same key on every retry. The gateway answers a repeat with the first answer.
 *
 * @example
 * ```ts
 * client.post(endpointPath('POST /bookings'), body, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } })
 * ```
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

/**
 * The most characters of each field of a client error report (`POST /client-errors`): the gateway refuses longer
 * text, so a reporter cuts to these first.
 *
 * @example
 * ```ts
 * message.slice(0, CLIENT_ERROR_LIMITS.message)
 * ```
 */
export const CLIENT_ERROR_LIMITS = { message: 1000, stack: 8000, route: 500, userAgent: 500 } as const

/**
 * The version of the studio's 用户协议 (terms of service) and 隐私政策 (privacy policy) a customer consents to before
 * the first code is sent (`POST /auth/sms`'s `consent`); the gateway records it and refuses any other with
 * `CONSENT_REQUIRED` (40003). A new version of either document is a new value here.
 *
 * @example
 * ```ts
 * client.post(endpointPath('POST /auth/sms'), { phone, consent: TERMS_VERSION })
 * ```
 */
export const TERMS_VERSION = '2026-11-27'
