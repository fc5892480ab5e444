// The tracker as a test page uses it: bundled by esbuild into an IIFE (`window.XTracker`), one bundle per binding.
// This one is the tracker without a binding, driven by a tiny hand-written "SPA": history.pushState / replaceState and popstate
// call routeChanged, as a router would. The bindings' entries (page-entry-*.ts) give the same TestApp.
import type { RouteMeta, Tracker } from '../../src/index'
import { createTracker, type TraceTrackerOptions as TrackerOptions } from '../../src/trace'

// The tracker the app uses: the visit tracker of `@xdance/tracker` with the article rule (and trace marks, sent by
// none of these pages: they have no client). The peer bench (bench/peers.bench.ts) runs the visit tracker alone.
export { createTracker }

export interface TestApp {
  tracker: Tracker
  /** Opens `path` as a new history entry, the way the binding's router does. */
  push(path: string): void
  /** Replaces the current entry with `path`, the way the binding's router does. */
  replace(path: string): void
  /** The path of the last route the binding reported to the tracker (what the test waits for). */
  readonly tracked: string | undefined
}

/** The one route with meta, that every entry declares the way its router carries meta: its visits are not reported. */
export const PRIVATE_ROUTE = { path: '/meta/private', meta: { visitReport: false } } satisfies {
  path: string
  meta: RouteMeta
}

/** The meta of a path, as the framework-free binding's callback and the hand-written SPA look it up. */
export const metaOf = (path: string): RouteMeta | undefined =>
  path === PRIVATE_ROUTE.path ? PRIVATE_ROUTE.meta : undefined

/** The tracker every entry starts, reporting to the page's own origin. */
export function startTracker(options: Partial<TrackerOptions> = {}): Tracker {
  const tracker = createTracker({ reportURL: `${location.origin}/report/behavior/report`, ...options })
  tracker.start()
  return tracker
}

/** The page's TestApp: what the binding reports to the tracker is recorded, so the test can wait for it. */
export function testApp(tracker: Tracker, navigate: Pick<TestApp, 'push' | 'replace'>): TestApp {
  let tracked: string | undefined
  const routeChanged = tracker.routeChanged.bind(tracker)
  tracker.routeChanged = (route) => {
    routeChanged(route)
    tracked = route.path
  }
  return {
    tracker,
    ...navigate,
    get tracked() {
      return tracked
    },
  }
}

export function boot(options: Partial<TrackerOptions> = {}): TestApp {
  const tracker = startTracker(options)
  const route = (navigation: 'push' | 'replace' | 'pop') =>
    tracker.routeChanged({ path: location.pathname, meta: metaOf(location.pathname) ?? {}, navigation })
  const app = testApp(tracker, {
    push(path) {
      history.pushState(null, '', path)
      route('push')
    },
    replace(path) {
      history.replaceState(null, '', path)
      route('replace')
    },
  })
  // After testApp: its record of reported routes sees this first one too.
  route('pop')
  addEventListener('popstate', () => route('pop'))
  return app
}
