import { describe, expect, it } from 'vitest'
import { bestValue } from './shop-page'

describe('bestValue: the lowest price per class, when there is a choice', () => {
  const card = (id: number, credits: number, priceFen: number, trial = false) => ({
    id,
    credits,
    priceFen,
    trial,
  })
  it.each([
    [[], undefined],
    [[card(1, 10, 88000)], undefined],
    [[card(1, 1, 3900, true), card(2, 10, 88000)], undefined],
    [[card(1, 1, 3900, true), card(2, 10, 88000), card(3, 20, 158000)], 3],
    [[card(2, 10, 88000), card(3, 20, 176000)], 2],
  ])('%j → %s', (products, expected) => {
    expect(bestValue(products)).toBe(expected)
  })
})
