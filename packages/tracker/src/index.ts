export type { TrackerBrowser, TrackerWindow } from './browser'
export { VISIT_REPORT_PATH } from './constants'
export type { ExtraParams, VisitInfo } from './extra-params'
// Types only: trace marks are sent by `@xdance/tracker/trace`.
export type { TraceClient, TraceMark } from './trace-mark'
export type { Navigation, RouteChange, RouteMeta, Tracker, TrackerOptions } from './tracker'
export { createTracker } from './tracker'
export type { TrackerErrorCode } from './tracker-error'
export { TrackerError } from './tracker-error'
