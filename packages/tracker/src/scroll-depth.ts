import type { TrackerWindow } from './browser'

/**
 * How far down the page the viewport reaches, as an integer percentage of the page height (0 to 100):
 * the bottom of the viewport over the page height, so a page that does not scroll is 100. Reads layout,
 * so the tracker calls it at most once per animation frame, and only when a scroll or a visit start asked.
 * Before layout (a zero-height viewport and page, as a webview can report at start) it is 0, never NaN: the
 * tracker keeps the deepest reading of a visit, and one NaN would have made the whole visit's NaN.
 */
export const scrollDepth = ({ scrollY, innerHeight, document }: TrackerWindow): number =>
  Math.min(100, Math.round(((scrollY + innerHeight) / document.documentElement.scrollHeight) * 100)) || 0
