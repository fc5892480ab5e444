import { describe, expect, it } from 'vitest'
import { addDays, dayOfMonth, isDateKey, pickDay, studioDateKey, weekdayOf, weekKeys } from './dates'

describe('studio dates (UTC+8, whatever the phone says)', () => {
  it.each([
    ['midnight UTC is 08:00 in the studio', Date.UTC(2025, 5, 1, 0, 0), '2025-06-01'],
    ['15:59 UTC is still the same studio day', Date.UTC(2025, 5, 1, 15, 59), '2025-06-01'],
    ['16:00 UTC is the next studio day', Date.UTC(2025, 5, 1, 16, 0), '2025-06-02'],
    ['new year arrives 8 hours early', Date.UTC(2025, 11, 31, 16, 30), '2026-01-01'],
  ])('%s', (_name, instant, key) => {
    expect(studioDateKey(instant)).toBe(key)
    expect(studioDateKey(new Date(instant))).toBe(key)
  })

  it.each([
    ['2025-06-01', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-6-1', false],
    ['2025-06-01T00:00', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s is a date key: %s', (key, valid) => {
    expect(isDateKey(key)).toBe(valid)
  })

  it.each([
    ['2025-12-31', 1, '2026-01-01'],
    ['2025-03-01', -1, '2025-02-28'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-06-01', 0, '2025-06-01'],
  ])('%s plus %i days is %s', (key, days, expected) => {
    expect(addDays(key, days)).toBe(expected)
  })

  it('lists a week of consecutive days across a year end', () => {
    expect(weekKeys('2025-12-29')).toEqual([
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
    ])
  })

  it.each([
    ['2025-06-01', 0],
    ['2025-06-02', 1],
    ['2025-06-07', 6],
  ])('%s falls on weekday %i', (key, day) => {
    expect(weekdayOf(key)).toBe(day)
  })

  it('reads the day of the month', () => {
    expect(dayOfMonth('2025-06-09')).toBe(9)
  })
})

describe('pickDay', () => {
  const keys = ['2025-06-01', '2025-06-02', '2025-06-03']
  it.each([
    ['2025-06-02', '2025-06-02'],
    [null, '2025-06-01'],
    ['2025-07-01', '2025-06-01'],
    ['garbage', '2025-06-01'],
  ])('requested %s shows %s', (requested, shown) => {
    expect(pickDay(requested, keys)).toBe(shown)
  })
})
