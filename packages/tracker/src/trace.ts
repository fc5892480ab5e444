import { OPEN_ID_KEY, USER_ID_KEY } from '@xdance/session'
import { anonymousId } from './anonymous-id'
import { TRACE_MARK_PATH } from './constants'
import { articleExtraParams, type ExtraParams } from './extra-params'
import {
  createTracker as createVisitTracker,
  type Tracker,
  TrackerError,
  type TrackerOptions,
  type TrackerWindow,
} from './index.js'
import { readStorage } from './storage'
import type { TraceClient } from './trace-mark'

export { TRACE_MARK_PATH } from './constants'
export type { ExtraParams, VisitInfo } from './extra-params'
export { articleExtraParams } from './extra-params'
export type { TraceClient, TraceMark } from './trace-mark'

/**
 * Options of `@xdance/tracker/trace`'s `createTracker`: the visit tracker's, and the client that posts trace marks.
 * @example
 * const options: TraceTrackerOptions = { reportURL: '/dance-gateway/report/behavior/report', client }
 */
export interface TraceTrackerOptions extends TrackerOptions {
  /** Posts trace marks; without it no trace mark is sent. `@xdance/http`'s `GatewayClient` fits. */
  client?: TraceClient
  /** Extra query parameters of a visit report. Default `articleExtraParams` (iPhone `/marketing/article`). */
  extraParams?: ExtraParams
}

/**
 * The tracker of the H5 spec: `@xdance/tracker`'s visit reports with the article rule as their default extra
 * parameters (spec section 2), and trace marks (spec section 7): one on every route change whose meta lets it, and
 * `trace(extra)` for a page that sends its own. Same options and lifecycle as the visit tracker, plus `client`.
 *
 * @example
 * ```ts
 * import { VISIT_REPORT_PATH } from '@xdance/tracker'
 * import { createTracker } from '@xdance/tracker/trace'
 *
 * const tracker = createTracker({ reportURL: `https://gw.example.com/dance${VISIT_REPORT_PATH}`, client })
 * tracker.start()
 * tracker.routeChanged({ path: '/courses', navigation: 'push' }) // also posts the trace mark of /courses
 * ```
 */
export function createTracker(options: TraceTrackerOptions): Tracker {
  const { client, onError, browser } = options
  const visits = createVisitTracker({ ...options, extraParams: options.extraParams ?? articleExtraParams })
  const window = browser?.window ?? (globalThis as TrackerWindow)
  // The current route, as the visit tracker has it.
  let path: string
  let url: string

  // Spec section 7: the identifiers, and `extra` as JSON. Sent with needCode and silent (the raw envelope, no toast).
  // A client that throws, an `extra` that cannot be JSON, or no client at all end in the same catch.
  const trace = async (extra?: unknown): Promise<void> => {
    try {
      await (client as TraceClient).request(TRACE_MARK_PATH, {
        method: 'POST',
        body: {
          deviceId: anonymousId(window),
          endpoint: 'h5',
          extra: JSON.stringify(extra) ?? '',
          openId: readStorage(window, 'local', OPEN_ID_KEY) ?? '',
          path,
          traceType: 'page',
          url,
          userId: readStorage(window, 'local', USER_ID_KEY) ?? '',
        },
        needCode: true,
        silent: true,
      })
    } catch (error) {
      onError?.(new TrackerError(client ? 'TRACE_FAILED' : 'NO_CLIENT', error))
    }
  }

  return {
    ...visits,
    routeChanged(route) {
      visits.routeChanged(route)
      path = route.path
      url = route.url ?? window.location.href
      const meta = { ...options.defaults, ...route.meta }
      if (client && meta.traceReport !== false && meta.autoReport !== false) void trace()
    },
    trace,
  }
}
