import { expect, test } from 'vitest'
import type { TrackerWindow } from './browser'
import { scrollDepth } from './scroll-depth'

const at = (scrollY: number, innerHeight: number, scrollHeight: number) =>
  ({ scrollY, innerHeight, document: { documentElement: { scrollHeight } } }) as TrackerWindow

test.each([
  ['a page shorter than the viewport', at(0, 800, 800), 100],
  ['the top of a page four viewports long', at(0, 800, 3200), 25],
  ['half way down', at(800, 800, 3200), 50],
  ['the bottom', at(2400, 800, 3200), 100],
  ['rubber-band overscroll past the bottom', at(2500, 800, 3200), 100],
  ['rounded to an integer', at(0, 800, 2400), 33],
  ['a fractional scroll position', at(2399.6, 800, 3200), 100],
])('%s: %i%%', (_name, window, expected) => {
  expect(scrollDepth(window)).toBe(expected)
})
