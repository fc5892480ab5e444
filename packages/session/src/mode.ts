import { getQueryParam } from '@xdance/url'
import { browser } from './browser'
import { INVITE_ID_KEY, MODE_KEY, type Mode } from './constants'
import { readStorage, writeStorage } from './storage'

/**
 * The client mode. 'app' when `force` says so, when the URL (default: the page's) has `source=app` in its query or in
 * a hash-router query, or when an earlier page of this browser session saw it. App mode is remembered in session
 * storage, and an `inviteId` URL parameter is stored (local storage, `inviteId`). `force: 'web'` wins over all.
 * @example
 * detectMode({ url: 'https://h5.example.com/#/course?source=app&inviteId=7' }) // 'app'
 * getInviteId() // '7'
 */
export function detectMode(options: { url?: string; force?: Mode } = {}): Mode {
  // A local name: `?.` on it builds for the floor without a temporary.
  const location = browser('location')
  const url = options.url ?? location?.href ?? ''
  const mode =
    options.force ??
    (getQueryParam(url, 'source') === 'app' || readStorage('session', MODE_KEY) === 'app' ? 'app' : 'web')
  if (mode === 'app') {
    writeStorage('session', MODE_KEY, mode)
    const inviteId = getQueryParam(url, 'inviteId')
    if (inviteId) writeStorage('local', INVITE_ID_KEY, inviteId)
  }
  return mode
}

/**
 * The invite id an app-mode URL carried, or `undefined`.
 * @example
 * getInviteId() // '7'
 */
export const getInviteId = (): string | undefined => readStorage('local', INVITE_ID_KEY)
