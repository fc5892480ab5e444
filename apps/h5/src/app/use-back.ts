import { readStorage, writeStorage } from '@xdance/session'
import { useLayoutEffect } from 'react'
import { type Location, useLocation, useMatches, useNavigate, useNavigationType } from 'react-router'
import { backStep, hasAppPageBehind } from './back-navigation'
import { backOf } from './route-handle'

/** Session-storage key listing the history entries (location keys) that have an app page behind them. */
export const BACK_KEYS = 'xdance-back-keys'
// Enough for any real session; the oldest entries go first.
const MAX_KEYS = 100

let shown: { location: Location; behind: boolean } | undefined

function rememberedKeys(): string[] {
  try {
    const keys: unknown = JSON.parse(readStorage('session', BACK_KEYS) ?? '[]')
    return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : []
  } catch {
    return []
  }
}

function hasBehind(key: string): boolean {
  return rememberedKeys().includes(key)
}

/**
 * Records, once per location shown, whether the entry has a page of this app behind it (kept per history
 * entry for the tab's session, so a reload still knows). Call it once, in the root layout.
 *
 * @example
 * function Layout() {
 *   useRecordArrivals()
 *   return <Outlet />
 * }
 */
export function useRecordArrivals(): void {
  const location = useLocation()
  const action = useNavigationType()
  useLayoutEffect(() => {
    if (shown?.location === location) return
    const remembered = hasBehind(location.key)
    const behind = hasAppPageBehind({ action, previous: shown?.behind, remembered })
    shown = { location, behind }
    if (behind !== remembered) {
      const keys = rememberedKeys().filter((key) => key !== location.key)
      if (behind) keys.push(location.key)
      writeStorage('session', BACK_KEYS, JSON.stringify(keys.slice(-MAX_KEYS)))
    }
  })
}

/**
 * The back button's handler on a route that declares `handle.back`, else undefined: history back when a page
 * of the app is behind this one, else the declared parent in place of this page.
 *
 * @example
 * const back = useBack()
 * return back && <button type="button" onClick={back}>…</button>
 */
export function useBack(): (() => void) | undefined {
  const parent = backOf(useMatches())
  const location = useLocation()
  const navigate = useNavigate()
  if (!parent) return undefined
  return () => {
    const behind = shown?.location === location ? shown.behind : hasBehind(location.key)
    const step = backStep(parent, behind)
    void (step.kind === 'history' ? navigate(-1) : navigate(step.to, { replace: true }))
  }
}
