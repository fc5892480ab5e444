import {
  APP_TOKEN_COOKIE,
  detectMode,
  getAnonymousId,
  getAuthorization,
  getInviteId,
  HEAD_COOKIE,
  isLoggedIn,
  setCookie,
  setOrgId,
} from '@xdance/session'

// A page opened inside the app as https://h5.example.com/#/course?source=app&inviteId=u7
const mode = detectMode() // remembered for the rest of the browser session
console.log(mode, getInviteId()) // app u7

// After login (the server often sets these cookies itself)
setCookie(HEAD_COOKIE, 'Bearer ')
setCookie(APP_TOKEN_COOKIE, 'abc123', { maxAge: 7 * 24 * 3600 })
console.log(isLoggedIn(mode), getAuthorization(mode)) // true Bearer abc123

setOrgId('42')
console.log(getAnonymousId()) // a UUID, the same on every visit from this browser
