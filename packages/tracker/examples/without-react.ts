import { VISIT_REPORT_PATH } from '@xdance/tracker'
import { createTracker, type TraceClient } from '@xdance/tracker/trace'

export async function withoutReact(gateway: string, client: TraceClient) {
  const tracker = createTracker({ reportURL: gateway + VISIT_REPORT_PATH, client })
  tracker.start()
  // Whatever knows the route calls routeChanged; url defaults to location.href.
  tracker.routeChanged({ path: '/courses', navigation: 'push' })
  tracker.routeChanged({ path: '/courses/7', navigation: 'push', meta: { autoReport: false } })
  // The page's own trace mark, once its content is known.
  await tracker.trace({ courseId: 7 })
  return tracker
}
