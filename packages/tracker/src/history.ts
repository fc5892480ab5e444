import type { Navigation, RouteMeta, Tracker } from './index.js'

/**
 * Options of `trackHistory`.
 * @example
 * const options: TrackHistoryOptions = { meta: (path) => (path === '/login' ? { visitReport: false } : {}) }
 */
export interface TrackHistoryOptions {
  /** The route meta of a path (the framework-free stand-in for a router's route meta). */
  meta?: (path: string) => RouteMeta | undefined
  /** Replaces the window, for tests. */
  window?: Window
}

/**
 * Framework-free binding: reports the current page now (as `pop`, like a first load), then every
 * `history.pushState` (`push`), `history.replaceState` (`replace`) and Back/Forward (`pop`). Where the
 * Navigation API exists it is the source (one `currententrychange` per history entry change); elsewhere
 * `pushState`/`replaceState` are wrapped and `popstate` is heard. Returns a function that undoes it all.
 * Call `tracker.start()` yourself, once at boot.
 *
 * @example
 * ```ts
 * import { trackHistory } from '@xdance/tracker/history'
 *
 * tracker.start()
 * const untrack = trackHistory(tracker, { meta: (path) => ({ autoReport: path !== '/marketing/article' }) })
 * history.pushState(null, '', '/courses') // reported as a push of /courses
 * ```
 */
export function trackHistory(tracker: Tracker, options: TrackHistoryOptions = {}): () => void {
  const win = options.window ?? window
  const report = (navigation: Navigation) => {
    const path = win.location.pathname
    tracker.routeChanged({ path, url: win.location.href, meta: options.meta?.(path) ?? {}, navigation })
  }
  report('pop')
  const nav = (win as { navigation?: EventTarget }).navigation
  if (nav) {
    const onChange = (event: Event) => {
      const type = (event as Event & { navigationType?: string }).navigationType
      // `reload` starts a new document: the page's unload already ended the visit.
      if (type === 'push' || type === 'replace') report(type)
      else if (type === 'traverse') report('pop')
    }
    nav.addEventListener('currententrychange', onChange)
    return () => nav.removeEventListener('currententrychange', onChange)
  }
  const { history } = win
  const { pushState, replaceState } = history
  history.pushState = function (...args) {
    pushState.apply(this, args)
    report('push')
  }
  history.replaceState = function (...args) {
    replaceState.apply(this, args)
    report('replace')
  }
  const onPop = () => report('pop')
  win.addEventListener('popstate', onPop)
  return () => {
    history.pushState = pushState
    history.replaceState = replaceState
    win.removeEventListener('popstate', onPop)
  }
}
