import { describe, expect, it } from 'vitest'
import { formatCountdown } from './countdown'

describe('formatCountdown', () => {
  it.each([
    [15 * 60_000, '15:00'],
    [14 * 60_000 + 5_000, '14:05'],
    [59_001, '1:00'],
    [1, '0:01'],
    [0, '0:00'],
    [-5_000, '0:00'],
  ])('spells %i ms as %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text)
  })
})
