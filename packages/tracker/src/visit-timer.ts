import type { TrackerWindow } from './browser'

/**
 * The timing of the visits of one page, one open at a time.
 * @example
 * const timer = visitTimer(window, Date.now)
 * timer.begin()
 * const ended = timer.end() // [start, duration], or undefined when no visit was open
 */
export interface VisitTimer {
  /** Opens a visit now; on a hidden page the visit stays closed until `begin` is called again once it is shown. */
  begin(): void
  /**
   * Closes the open visit and gives its start (epoch ms) and duration (ms); `undefined` when none is open.
   * This is the per-visit latch: whichever end comes first (route change, hidden, pagehide, flush) gets the
   * visit, the others get `undefined`, so a visit is reported at most once.
   */
  end(): [start: number, duration: number] | undefined
  /** Whether a visit is open. */
  isOpen(): boolean
}

/**
 * Times visits with the browser's clock; reads `document.hidden` when a visit begins.
 * @example
 * const { begin, end } = visitTimer(window, Date.now)
 */
export function visitTimer(window: TrackerWindow, now: () => number): VisitTimer {
  let start: number
  // Closed until the first `begin`.
  let closed = true
  return {
    begin() {
      start = now()
      // A page opened in the background starts its visit when it is first shown.
      closed = window.document.hidden
    },
    end() {
      if (closed) return
      closed = true
      return [start, now() - start]
    },
    isOpen: () => !closed,
  }
}
