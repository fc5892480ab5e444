import { VISIT_REPORT_PATH } from '@xdance/tracker'
import { trackHistory } from '@xdance/tracker/history'
import { createTracker, type TraceClient } from '@xdance/tracker/trace'

export function withHistory(gateway: string, client: TraceClient) {
  const tracker = createTracker({ reportURL: gateway + VISIT_REPORT_PATH, client })
  tracker.start()
  // Reports the current page now, then every pushState, replaceState and Back/Forward.
  const untrack = trackHistory(tracker, {
    meta: (path) => (path.startsWith('/marketing/') ? { autoReport: false } : undefined),
  })
  history.pushState(null, '', '/courses/7')
  return { tracker, untrack }
}
