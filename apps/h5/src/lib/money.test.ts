import { describe, expect, it } from 'vitest'
import { formatYuan } from './money'

describe('formatYuan', () => {
  it.each([
    [88000, '¥880'],
    [3900, '¥39'],
    [3990, '¥39.90'],
    [1, '¥0.01'],
    [0, '¥0'],
    [158000, '¥1580'],
    [-500, '-¥5'],
  ])('spells %i fen as %s', (fen, text) => {
    expect(formatYuan(fen)).toBe(text)
  })
})
