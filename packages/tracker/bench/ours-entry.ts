// Our tracker as an app bundles it: the built package (with @xdance/session and @xdance/url), and the few lines a
// router binding adds (history changes and popstate drive routeChanged). Bundled by esbuild into `window.XOurs`.
import { createTracker } from '../dist/index.js'

export function boot(): void {
  const tracker = createTracker({ reportURL: `${location.origin}/report/behavior/report` })
  const route = (navigation: 'push' | 'replace' | 'pop') =>
    tracker.routeChanged({ path: location.pathname, navigation })
  tracker.start()
  route('pop')
  addEventListener('popstate', () => route('pop'))
  // The bench page's router calls this after pushState / replaceState.
  ;(window as unknown as { onRoute: typeof route }).onRoute = route
}
