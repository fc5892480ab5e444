// The framework-free binding (`@xdance/tracker/history`): the page navigates with the History API itself; Chromium
// has the Navigation API, so that is what the binding hears.
import { trackHistory } from '../../src/history'
import type { TrackerOptions } from '../../src/index'
import { metaOf, startTracker, type TestApp, testApp } from './page-entry'

export function boot(options: Partial<TrackerOptions> = {}): TestApp {
  const tracker = startTracker(options)
  const app = testApp(tracker, {
    push: (path) => history.pushState(null, '', path),
    replace: (path) => history.replaceState(null, '', path),
  })
  trackHistory(tracker, { meta: metaOf })
  return app
}
