// The spec's key names only: the tracker reads and writes storage through its own window seam (./storage).
import { LATEST_DURATION_REPORT_KEY, OPEN_ID_KEY, ORG_ID_KEY } from '@xdance/session'
import { anonymousId } from './anonymous-id'
import type { TrackerBrowser, TrackerWindow } from './browser'
import { MIN_VISIT_DURATION } from './constants'
import type { ExtraParams } from './extra-params'
import { buildReportUrl } from './report-url'
import { scrollDepth } from './scroll-depth'
import { readStorage, writeStorage } from './storage'
import { TrackerError } from './tracker-error'

/**
 * Per-route switches, declared as a route's `handle` with the React binding.
 * @example
 * const meta: RouteMeta = { autoReport: false } // the page sends its own trace mark
 */
export interface RouteMeta {
  /** Report visits of this route (`false` turns it off). */
  visitReport?: boolean
  /** Send a trace mark for this route (`false` turns it off). Read by `@xdance/tracker/trace`. */
  traceReport?: boolean
  /** Send the trace mark on the route change; `false`: the page calls `trace(extra)` itself. Read by `@xdance/tracker/trace`. */
  autoReport?: boolean
}

/**
 * How the router got to a route: a new entry, a replaced entry, or back/forward (and the first load).
 * @example
 * tracker.routeChanged({ path: '/courses', navigation: 'pop' })
 */
export type Navigation = 'push' | 'replace' | 'pop'

/**
 * A route change as the router tells it.
 * @example
 * const route: RouteChange = { path: '/marketing/article', meta: { autoReport: false }, navigation: 'push' }
 */
export interface RouteChange {
  /** The route path, without query or hash: `/marketing/article`. */
  path: string
  /** The page's full URL; default `location.href`. */
  url?: string
  meta?: RouteMeta
  navigation?: Navigation
}

/**
 * Options of `createTracker`.
 * @example
 * const options: TrackerOptions = { reportURL: '/dance-gateway/report/behavior/report', minDuration: 200 }
 */
export interface TrackerOptions {
  /** The gateway prefix + `VISIT_REPORT_PATH`, e.g. `https://gw.example.com/dance/report/behavior/report`. */
  reportURL: string
  /** Visits shorter than this (ms) are not reported. Default 100. */
  minDuration?: number
  /** Meta for routes that say nothing; a flag missing everywhere counts as true. */
  defaults?: RouteMeta
  /**
   * Extra query parameters of a visit report. Default none here; `@xdance/tracker/trace`'s tracker defaults to
   * `articleExtraParams` (iPhone `/marketing/article`).
   */
  extraParams?: ExtraParams
  /** Receives delivery errors (failed trace marks, unsendable reports); the tracker never throws them. */
  onError?: (error: TrackerError) => void
  /** Replaces the window and the clock, for tests. */
  browser?: Partial<TrackerBrowser>
}

/**
 * A page-visit tracker. Nothing happens until `start()` or `routeChanged()` is called.
 * @example
 * tracker.start()
 * tracker.ignoreNext() // this page only redirects: do not report its visit
 * tracker.routeChanged({ path: '/login', navigation: 'replace' })
 */
export interface Tracker {
  /** Attaches the lifecycle (`pagehide`, `visibilitychange`, `pageshow`) and passive scroll listeners. */
  start(): void
  /** Removes every listener. The open visit is not reported: call `flush()` first to keep it. */
  stop(): void
  /** Ends (and reports) the current visit, starts one for `route`, and (`@xdance/tracker/trace`) sends its automatic trace mark. */
  routeChanged(route: RouteChange): void
  /** The one-shot ignore flag: the next visit that ends is not reported. */
  ignoreNext(): void
  /**
   * Sends a trace mark for the current route now; resolves once done, never rejects. Trace marks are sent by the tracker of
   * `@xdance/tracker/trace`; the visit tracker has no client, so its `trace()` only reports `NO_CLIENT` to `onError`.
   */
  trace(extra?: unknown): Promise<void>
  /** Ends and reports the current visit now; the next route change or return to the page starts another. */
  flush(): void
}

/**
 * Creates a tracker of page visits (spec sections 4 and 7): each visit reported once, with its duration and scroll
 * depth. Trace marks and the article rule: `createTracker` of `@xdance/tracker/trace`, which builds on this one.
 *
 * @example
 * ```ts
 * import { createTracker, VISIT_REPORT_PATH } from '@xdance/tracker'
 *
 * const tracker = createTracker({ reportURL: `https://gw.example.com/dance${VISIT_REPORT_PATH}` })
 * tracker.start()
 * tracker.routeChanged({ path: '/courses', navigation: 'push' })
 * ```
 */
export function createTracker(options: TrackerOptions): Tracker {
  const { reportURL, minDuration = MIN_VISIT_DURATION, extraParams, onError } = options
  if (!(reportURL && minDuration >= 0)) throw new TrackerError('INVALID_OPTIONS')
  const { window = globalThis as TrackerWindow, now = Date.now } = options.browser ?? {}
  // The current route (left unset until the first route change: no visit is open until then).
  let path: string
  let url: string
  let meta: RouteMeta
  let ignore: boolean | undefined
  // The open visit: its start (epoch ms), and whether it is open. Closed until the first route change, and while a
  // page opened in the background has not been shown yet.
  let start: number
  let open: boolean | undefined
  // The open visit began when the page was shown again (after hidden or a back/forward cache restore).
  let resumed: boolean | undefined
  // The deepest scroll of the visit (-1: not measured yet) and the pending animation frame, if any.
  let deepest: number
  // biome-ignore lint/correctness/noUnusedVariables: read by `||=` below
  let frame: unknown

  // Passive scroll listener: at most one layout read per animation frame, none while nobody scrolls.
  const onScroll = () => {
    frame ||= window.requestAnimationFrame(() => {
      frame = 0
      deepest = Math.max(deepest, scrollDepth(window))
    })
  }

  // Ends the open visit and reports it, unless skipped. The per-visit latch: whichever end comes first (route change,
  // hidden, pagehide, flush) closes the visit and gets it, the others find it closed, so a visit is reported at most
  // once. `route`: the route change that ends it; none when the page is hidden or left, or on flush().
  const end = (route?: RouteChange) => {
    if (!open) return
    open = false
    const duration = now() - start
    const skip =
      ignore ||
      window.top !== window ||
      meta.visitReport === false ||
      duration < minDuration ||
      // A back navigation repeating the path a route change last reported (spec section 4). Not for a visit resumed
      // after the page was hidden, nor after a report made on hiding or leaving (stored as `path#hidden`, so also
      // across a reload): that report holds the time before, this visit the time after.
      // Last: the only condition that reads storage.
      (route?.navigation === 'pop' &&
        !resumed &&
        readStorage(window, 'session', LATEST_DURATION_REPORT_KEY) === path)
    ignore = false
    if (skip) return
    try {
      // Spec section 7: the visit's fields, the identifiers, the extra parameters. sendBeacon outlives the page; an
      // image pixel GET of the same URL serves when it is missing or refuses (its 64 KB in-flight queue is full).
      const { navigator } = window
      const report = buildReportUrl(reportURL, {
        ...extraParams?.({ path, url, userAgent: navigator.userAgent }),
        actionType: 'visit',
        url,
        eventTime: `${start}`,
        actionDuration: `${duration}`,
        uuid: anonymousId(window),
        openId: readStorage(window, 'local', OPEN_ID_KEY) ?? '',
        orgId: readStorage(window, 'local', ORG_ID_KEY) ?? '',
        visitProgress: `${deepest < 0 ? scrollDepth(window) : deepest}`,
      })
      // biome-ignore lint/complexity/useOptionalChain: `sendBeacon?.(report)` is built for Chromium 87 (the floor) as temporaries and a .call, 20 B more
      if (!(navigator.sendBeacon && navigator.sendBeacon(report))) new window.Image().src = report
      writeStorage(window, 'session', LATEST_DURATION_REPORT_KEY, route ? path : `${path}#hidden`)
    } catch (error) {
      onError?.(new TrackerError('REPORT_FAILED', error))
    }
  }

  const begin = (resume?: boolean) => {
    resumed = resume
    start = now()
    // A page opened in the background starts its visit when it is first shown.
    open = !window.document.hidden
    // Measure once the new page has been laid out.
    deepest = -1
    onScroll()
  }

  // One listener for all four events; visibilitychange bubbles from the document to the window.
  const onEvent = ({ type, persisted }: Event & { persisted?: boolean }) => {
    if (type === 'scroll') onScroll()
    else if (type === 'pagehide' || window.document.hidden) end()
    // visibilitychange (visible) has no `persisted`; a pageshow counts only as a back/forward cache restore.
    else if (!open && url && persisted !== false) begin(true)
  }
  const listen = (verb: 'add' | 'remove') => {
    for (const type of ['pagehide', 'pageshow', 'visibilitychange', 'scroll']) {
      window[`${verb}EventListener`](type, onEvent, { passive: true })
    }
  }

  return {
    // Adding the same listener twice is a no-op in the DOM, so start() may be called again safely.
    start: () => listen('add'),
    stop: () => listen('remove'),
    routeChanged(route) {
      end(route)
      path = route.path
      url = route.url ?? window.location.href
      meta = { ...options.defaults, ...route.meta }
      begin()
    },
    ignoreNext() {
      ignore = true
    },
    // Trace marks are sent by `@xdance/tracker/trace`'s tracker: this one has no client.
    trace: async () => {
      onError?.(new TrackerError('NO_CLIENT'))
    },
    flush: () => end(),
  }
}
