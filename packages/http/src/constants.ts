// Figures and names this package owns, each in one place. HTTP_TIMEOUT and the success rule are the contract's (spec
// sections 7 and 9): HTTP_TIMEOUT is re-exported so the client's users keep importing it from here, and both come
// through this one module so the build imports the contract once.
export { HTTP_TIMEOUT, isSuccessCode } from '@xdance/contract'

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
