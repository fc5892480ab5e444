import { describe, expect, test } from 'vitest'
import {
  addDays,
  daysBetween,
  isStudioDate,
  studioDate,
  studioInstant,
  toStudioIso,
  weekday,
} from './studio-time'

describe('studioDate', () => {
  test.each([
    ['2025-06-01T15:59:59Z', '2025-06-01'],
    ['2025-06-01T16:00:00Z', '2025-06-02'],
    ['2024-12-31T16:00:00Z', '2025-01-01'],
    ['2025-06-02T00:00:00+08:00', '2025-06-02'],
  ])('the studio date at %s is %s (UTC+8)', (instant, date) => {
    expect(studioDate(Date.parse(instant))).toBe(date)
  })
})

describe('isStudioDate', () => {
  test.each([
    ['2025-06-01', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-6-1', false],
    ['2025-06-01T00:00', false],
    ["2025-06-01' OR 1=1", false],
    ['', false],
  ])('%j is a date: %s', (text, expected) => {
    expect(isStudioDate(text)).toBe(expected)
  })
})

describe('calendar arithmetic', () => {
  test.each([
    ['2025-06-01', 1, '2025-06-02'],
    ['2025-06-30', 1, '2025-07-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2024-02-28', 1, '2024-02-29'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected)
    expect(daysBetween(date, expected)).toBe(days)
  })

  test.each([
    ['2025-06-01', 0],
    ['2025-06-02', 1],
    ['2025-06-07', 6],
  ])('%s falls on weekday %i', (date, dow) => {
    expect(weekday(date)).toBe(dow)
  })

  test('a studio time round-trips through its ISO form with the +08:00 offset', () => {
    const ms = studioInstant('2025-06-02', '19:00')
    expect(toStudioIso(ms)).toBe('2025-06-02T19:00:00+08:00')
    expect(Date.parse(toStudioIso(ms))).toBe(ms)
  })
})
