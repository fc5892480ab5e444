import type { TrackerWindow } from './browser'
import type { ExtraParams } from './extra-params'
import { buildReportUrl } from './report-url'
import { getAnonymousId, getOpenId, getOrgId } from './session'

/**
 * Sends the report of one ended visit: `path`, `url`, its `start` (epoch ms), `duration` (ms) and deepest scroll
 * (`depth`, 0 to 100).
 * @example
 * report('/courses', location.href, 1_700_000_000_000, 1500, 100)
 */
export type SendVisitReport = (
  path: string,
  url: string,
  start: number,
  duration: number,
  depth: number,
) => void

/**
 * The report delivery of a tracker. Each report is built (spec section 7: the visit's fields, the identifiers, the
 * extra parameters) and handed to the browser: sendBeacon, which outlives the page, or an image pixel GET of the same
 * URL when sendBeacon is missing or refuses (its 64 KB in-flight queue is full). Throws what the extra-parameters
 * hook throws.
 * @example
 * const report = visitReporter(window, reportURL, articleExtraParams)
 * report('/courses', location.href, start, 1500, 100)
 */
export const visitReporter =
  (window: TrackerWindow, reportURL: string, extraParams: ExtraParams): SendVisitReport =>
  (path, url, start, duration, depth) => {
    const report = buildReportUrl(reportURL, {
      ...extraParams({ path, url, userAgent: window.navigator.userAgent }),
      actionType: 'visit',
      url,
      eventTime: `${start}`,
      actionDuration: `${duration}`,
      uuid: getAnonymousId(),
      openId: getOpenId() ?? '',
      orgId: getOrgId() ?? '',
      visitProgress: `${depth}`,
    })
    if (!window.navigator.sendBeacon?.(report)) new window.Image().src = report
  }
