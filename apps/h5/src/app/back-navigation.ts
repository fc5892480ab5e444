/** How the router reached the entry on screen (React Router's `useNavigationType()`). */
export type HistoryAction = 'PUSH' | 'REPLACE' | 'POP'

/** What is known when a location is first shown. */
export interface Arrival {
  action: HistoryAction
  /** Whether the page shown before (in this document) had an app page behind it; undefined on the first one. */
  previous: boolean | undefined
  /** What was recorded for this history entry earlier in the tab (a reload, or back/forward onto it). */
  remembered: boolean
}

/**
 * Whether `history.back()` from the entry just shown lands on a page of this app that stays put.
 *
 * A push from a page already on screen leaves that page behind. A push before anything was shown is a loader
 * redirect of the initial load (the sign-in guard replaces, but a redirect that pushes would land here): the entry
 * behind is the page that redirected, which would only redirect here again, so it does not count. A replace keeps the
 * entry behind the one it replaces. Back and forward (and the first load) find what was recorded for the
 * entry, if anything: a link opened from a chat app has nothing of ours behind it.
 *
 * @example
 * hasAppPageBehind({ action: 'PUSH', previous: false, remembered: false }) // true
 */
export function hasAppPageBehind({ action, previous, remembered }: Arrival): boolean {
  if (action === 'PUSH') return previous !== undefined
  if (action === 'REPLACE') return previous ?? false
  return remembered
}

/** What the back button does: step back in history, or open the parent page in place of this one. */
export type BackStep = { kind: 'history' } | { kind: 'parent'; to: string }

/**
 * The back button's decision: history back only when that stays in the app, else the route's parent with
 * `replace`, so the button never leaves the app and never piles the page up behind its parent.
 *
 * @example
 * backStep('/schedule', false) // { kind: 'parent', to: '/schedule' }
 */
export function backStep(parent: string, appPageBehind: boolean): BackStep {
  return appPageBehind ? { kind: 'history' } : { kind: 'parent', to: parent }
}
