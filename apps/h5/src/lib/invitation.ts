import { RULES } from '@xdance/contract'
import { readStorage, removeStorage, writeStorage } from '@xdance/session'
import { getQueryParam } from '@xdance/url'

/** Where the sharer of the link a visitor arrived by is kept (local storage), with when. */
export const SHARER_KEY = 'xdance-sharer'

const WINDOW_MS = RULES.invitationDays * 24 * 60 * 60_000

/**
 * Keeps the `sharer` of the link this signed-out visitor arrived by (the first one seen within
 * `RULES.invitationDays`), so that signing up later, from any page, is that sharer's invitation. Storage off,
 * nothing is kept and nothing breaks.
 *
 * @example
 * rememberSharer('https://h5.example.com/classes/7?sharer=20001', false, Date.now())
 */
export function rememberSharer(url: string, signedIn: boolean, now: number): void {
  const sharer = getQueryParam(url, 'sharer')
  if (signedIn || !sharer || !/^[1-9]\d{0,15}$/.test(sharer) || sharerForSignUp(now)) return
  // No storage (private mode): kept for this page only, and nothing else changes.
  writeStorage('local', SHARER_KEY, JSON.stringify({ sharer, at: now }))
}

/**
 * The sharer a sign-up carries: the one kept within `RULES.invitationDays`, or `undefined` (an older one is dropped).
 *
 * @example
 * sharerForSignUp(Date.now()) // '20001'
 */
export function sharerForSignUp(now: number): string | undefined {
  const kept = readKept()
  if (kept && typeof kept.sharer === 'string' && typeof kept.at === 'number' && now - kept.at <= WINDOW_MS) {
    return kept.sharer
  }
  removeStorage('local', SHARER_KEY)
  return undefined
}

function readKept(): { sharer?: unknown; at?: unknown } | null {
  try {
    return JSON.parse(readStorage('local', SHARER_KEY) ?? 'null') as { sharer?: unknown; at?: unknown } | null
  } catch {
    // Not JSON (written by hand): no invitation.
    return null
  }
}
