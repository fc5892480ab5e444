// Figures and names this package owns, each in one place. HTTP_TIMEOUT comes from the spec (section 9).

/** Default time one attempt may take, body included, in milliseconds (spec section 9). @example createGatewayClient({ baseURL, timeout: HTTP_TIMEOUT }) */
export const HTTP_TIMEOUT = 20_000

/**
 * Default toast texts: "request error, please try again later" and "request timed out, please retry".
 * @example createGatewayClient({ baseURL, messages: { ...DEFAULT_MESSAGES, timeout: 'Too slow, try again' } })
 */
export const DEFAULT_MESSAGES: Readonly<GatewayMessages> = {
  requestError: '请求错误，请稍后重试',
  timeout: '请求超时，请重试',
}

/**
 * Unauthorised handling runs at most once in this many milliseconds, across reloads, so a gateway that keeps
 * answering 401 cannot put the page in a reload loop.
 * @example Date.now() - Number(readStorage('session', UNAUTHORIZED_AT_KEY)) < UNAUTHORIZED_WINDOW
 */
export const UNAUTHORIZED_WINDOW = 10_000

/** Session storage key holding when unauthorised handling last ran (epoch ms). @example readStorage('session', UNAUTHORIZED_AT_KEY) */
export const UNAUTHORIZED_AT_KEY = 'xdance-401-at'

/**
 * The toast texts a client shows.
 * @example const messages: GatewayMessages = { requestError: 'Request failed', timeout: 'Timed out' }
 */
export interface GatewayMessages {
  /** Any failure but a timeout, when the server gave no `msg` or `tips`. */
  requestError: string
  /** A timeout. */
  timeout: string
}
