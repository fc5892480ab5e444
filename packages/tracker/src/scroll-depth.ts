import type { TrackerWindow } from './browser'

/**
 * How far down the page the viewport reaches, as an integer percentage of the page height (0 to 100):
 * the bottom of the viewport over the page height, so a page that does not scroll is 100. Reads layout,
 * so the tracker calls it at most once per animation frame, and only when a scroll or a visit start asked.
 */
export const scrollDepth = ({ scrollY, innerHeight, document }: TrackerWindow): number =>
  Math.min(100, Math.round(((scrollY + innerHeight) / document.documentElement.scrollHeight) * 100))
