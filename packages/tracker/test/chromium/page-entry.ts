// The tracker as a test page uses it: bundled by esbuild into an IIFE (`window.XTracker`).
// A tiny "SPA": history.pushState / replaceState and popstate drive routeChanged, as a router would.
import { createTracker, type Tracker, type TrackerOptions } from '../../src/index'

export { createTracker }

export interface TestApp {
  tracker: Tracker
  push(path: string): void
  replace(path: string): void
}

export function boot(options: Partial<TrackerOptions> = {}): TestApp {
  const tracker = createTracker({ reportURL: `${location.origin}/report/behavior/report`, ...options })
  const route = (navigation: 'push' | 'replace' | 'pop') =>
    tracker.routeChanged({ path: location.pathname, navigation })
  tracker.start()
  route('pop')
  addEventListener('popstate', () => route('pop'))
  return {
    tracker,
    push(path) {
      history.pushState(null, '', path)
      route('push')
    },
    replace(path) {
      history.replaceState(null, '', path)
      route('replace')
    },
  }
}
