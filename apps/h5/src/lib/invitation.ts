import { RULES } from '@xdance/contract'

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
  try {
    const sharer = new URL(url).searchParams.get('sharer')
    if (signedIn || !sharer || !/^[1-9]\d{0,15}$/.test(sharer) || sharerForSignUp(now)) return
    localStorage.setItem(SHARER_KEY, JSON.stringify({ sharer, at: now }))
  } catch {
    // No storage (private mode) or no URL: no invitation, nothing else changes.
  }
}

/**
 * The sharer a sign-up carries: the one kept within `RULES.invitationDays`, or `undefined` (an older one is dropped).
 *
 * @example
 * sharerForSignUp(Date.now()) // '20001'
 */
export function sharerForSignUp(now: number): string | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(SHARER_KEY) ?? 'null') as {
      sharer?: unknown
      at?: unknown
    } | null
    if (
      kept &&
      typeof kept.sharer === 'string' &&
      typeof kept.at === 'number' &&
      now - kept.at <= WINDOW_MS
    ) {
      return kept.sharer
    }
    localStorage.removeItem(SHARER_KEY)
  } catch {
    // Unreadable or no storage: no invitation.
  }
  return undefined
}
