// What the client reads and writes of the session (cookies, mode, organisation, the unauthorised window), imported in
// this one module: each module importing a package gets its own import statement in the built file.
export {
  APP_TOKEN_COOKIE,
  clearTokens,
  detectMode,
  getAuthorization,
  getCookie,
  getOrgId,
  HEAD_COOKIE,
  readStorage,
  TOKEN_COOKIE,
  writeStorage,
} from '@xdance/session'
