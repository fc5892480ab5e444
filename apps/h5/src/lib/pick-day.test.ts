import { describe, expect, it } from 'vitest'
import { pickDay } from './pick-day'

describe('pickDay', () => {
  const days = ['2025-06-01', '2025-06-02', '2025-06-03']
  it.each([
    ['2025-06-02', '2025-06-02'],
    [null, '2025-06-01'],
    ['2025-07-01', '2025-06-01'],
    ['garbage', '2025-06-01'],
  ])('requested %s shows %s', (requested, shown) => {
    expect(pickDay(requested, days)).toBe(shown)
  })

  it('shows nothing of an empty strip', () => {
    expect(pickDay('2025-06-01', [])).toBe('')
  })
})
