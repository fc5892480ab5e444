// Names from the spec (h5-client-spec.md sections 3 and 9). Each lives here and nowhere else.

/** Cookie holding the session token in normal web mode. @example getCookie(TOKEN_COOKIE) */
export const TOKEN_COOKIE = 'xdance-token'

/** Cookie holding the prefix of the Authorization header (e.g. `Bearer `). @example getCookie(HEAD_COOKIE) */
export const HEAD_COOKIE = 'xdance-head'

/** Cookie holding the session token in app mode. @example getCookie(APP_TOKEN_COOKIE) */
export const APP_TOKEN_COOKIE = 'app-token'

/** Path every session cookie is written and removed with. @example setCookie('a', 'b', { path: COOKIE_PATH }) */
export const COOKIE_PATH = '/'

/** Local storage key of the organisation id. @example readStorage('local', ORG_ID_KEY) */
export const ORG_ID_KEY = 'orgId'

/** Local storage key of the visitor's open id. @example readStorage('local', OPEN_ID_KEY) */
export const OPEN_ID_KEY = 'openId'

/** Local storage key of the user id. @example readStorage('local', USER_ID_KEY) */
export const USER_ID_KEY = 'userId'

/** Local storage key of the generated anonymous visitor id. @example readStorage('local', ANONYMOUS_ID_KEY) */
export const ANONYMOUS_ID_KEY = 'report-uuid'

/** Session storage key holding the path of the last reported visit. @example readStorage('session', LATEST_DURATION_REPORT_KEY) */
export const LATEST_DURATION_REPORT_KEY = 'latestDurationReport'

/**
 * Local storage key of the invite id carried by an app-mode URL. The spec does not show the name; this one is ours.
 * @example readStorage('local', INVITE_ID_KEY)
 */
export const INVITE_ID_KEY = 'inviteId'

/** Session storage key remembering app mode for the browser session. @example readStorage('session', MODE_KEY) */
export const MODE_KEY = 'xdance-source'

/**
 * The client mode: normal web mode, or embedded in the app.
 * @example const mode: Mode = detectMode()
 */
export type Mode = 'web' | 'app'

/**
 * Which web storage: `localStorage` or `sessionStorage`.
 * @example const area: StorageArea = 'session'
 */
export type StorageArea = 'local' | 'session'
