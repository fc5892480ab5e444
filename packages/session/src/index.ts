export { getAnonymousId } from './anonymous-id'
export { clearTokens, getAuthorization, isLoggedIn } from './authorization'
export type { BrowserEnv } from './browser'
export { configureBrowser, resetBrowser } from './browser'
export type { Mode, StorageArea } from './constants'
export {
  ANONYMOUS_ID_KEY,
  APP_TOKEN_COOKIE,
  COOKIE_PATH,
  HEAD_COOKIE,
  INVITE_ID_KEY,
  LATEST_DURATION_REPORT_KEY,
  MODE_KEY,
  OPEN_ID_KEY,
  ORG_ID_KEY,
  TOKEN_COOKIE,
  USER_ID_KEY,
} from './constants'
export type { CookieOptions } from './cookie-codec'
export { getCookie, removeCookie, setCookie } from './cookies'
export { getOpenId, getOrgId, getUserId, setOpenId, setOrgId, setUserId } from './identity'
export { detectMode, getInviteId } from './mode'
export type { SessionErrorCode } from './session-error'
export { SessionError } from './session-error'
export { readStorage, removeStorage, writeStorage } from './storage'
