import { createTracker, VISIT_REPORT_PATH } from '@xdance/tracker'
import { articleExtraParams } from '@xdance/tracker/trace'

export function visitsOnly(gateway: string) {
  // Visit reports only (no client, no trace marks), with the article rule chosen by hand.
  const tracker = createTracker({ reportURL: gateway + VISIT_REPORT_PATH, extraParams: articleExtraParams })
  tracker.start()
  tracker.routeChanged({ path: '/courses', navigation: 'push' })
  return tracker
}
