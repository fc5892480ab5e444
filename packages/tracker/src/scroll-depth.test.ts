import { expect, test } from 'vitest'
import type { TrackerWindow } from './browser'
import { scrollDepth } from './scroll-depth'

const at = (scrollY: number, innerHeight: number, scrollHeight: number) =>
  ({ scrollY, innerHeight, document: { documentElement: { scrollHeight } } }) as TrackerWindow

test.each([
  ['a page shorter than the viewport', 100, at(0, 800, 800)],
  ['the top of a page four viewports long', 25, at(0, 800, 3200)],
  ['half way down', 50, at(800, 800, 3200)],
  ['the bottom', 100, at(2400, 800, 3200)],
  ['rubber-band overscroll past the bottom', 100, at(2500, 800, 3200)],
  ['rounded to an integer', 33, at(0, 800, 2400)],
  ['a fractional scroll position', 100, at(2399.6, 800, 3200)],
  ['no layout yet: a zero-height viewport and page (0 / 0)', 0, at(0, 0, 0)],
  ['a page height the browser does not give', 0, at(0, 800, Number.NaN)],
])('%s: %i%%', (_name, expected, window) => {
  expect(scrollDepth(window)).toBe(expected)
})
