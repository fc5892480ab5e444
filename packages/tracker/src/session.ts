// What the tracker reads and writes of the session (identifiers, the last reported path), imported in this one
// module: each module importing a package gets its own import statement in the built file.
export {
  getAnonymousId,
  getOpenId,
  getOrgId,
  getUserId,
  LATEST_DURATION_REPORT_KEY,
  readStorage,
  writeStorage,
} from '@xdance/session'
