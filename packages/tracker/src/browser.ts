/**
 * The window as the tracker sees it: every browser object it touches hangs off this one seam, so a test
 * passes a fake window (and a fake clock) instead of patching globals. Read lazily, never at import.
 * The real `window` fits.
 * @example
 * const seam: TrackerWindow = window
 */
export interface TrackerWindow extends EventTarget {
  document: { hidden: boolean; documentElement: { scrollHeight: number } }
  /** The anonymous id and the identifiers `@xdance/session` stores (`report-uuid`, `openId`, `orgId`). */
  localStorage: Pick<Storage, 'getItem' | 'setItem'>
  /** The path of the last reported visit (`latestDurationReport`). */
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>
  /** Makes the anonymous id on a visitor's first report. */
  crypto: Pick<Crypto, 'getRandomValues'>
  /** The pixel fallback. */
  Image: new () => { src: string }
  navigator: { userAgent: string; sendBeacon?(url: string): boolean }
  location: { href: string; pathname: string }
  scrollY: number
  innerHeight: number
  /** Not the window itself inside a frame. */
  top: unknown
  requestAnimationFrame(callback: () => void): number
}

/**
 * The replaceable browser: the window and the clock.
 * @example
 * createTracker({ reportURL, browser: { window: fakeWindow, now: () => fakeTime } })
 */
export interface TrackerBrowser {
  /** Default `globalThis` (the window in a browser). */
  window: TrackerWindow
  /** Epoch milliseconds; default `Date.now`. */
  now(): number
}
