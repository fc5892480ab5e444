/**
 * How long one HTTP call may take, in milliseconds (spec section 9).
 *
 * @example
 * ```ts
 * createGatewayClient({ baseURL: GATEWAY_PREFIX, timeout: HTTP_TIMEOUT })
 * ```
 */
export const HTTP_TIMEOUT = 20_000
