import { describe, expect, test } from 'vitest'
import {
  addDays,
  daysBetween,
  isStudioDate,
  studioDate,
  studioDays,
  studioInstant,
  studioParts,
  toStudioIso,
  weekday,
} from './studio-calendar'

describe('studioDate: the studio calendar is UTC+8, whatever the server or the phone says', () => {
  test.each([
    ['midnight UTC is 08:00 in the studio', Date.UTC(2025, 5, 1, 0, 0), '2025-06-01'],
    ['15:59:59 UTC is still the same studio day', Date.UTC(2025, 5, 1, 15, 59, 59), '2025-06-01'],
    ['16:00 UTC is the next studio day', Date.UTC(2025, 5, 1, 16, 0), '2025-06-02'],
    ['new year arrives 8 hours early', Date.UTC(2024, 11, 31, 16, 0), '2025-01-01'],
    ['an instant written with +08:00', Date.parse('2025-06-02T00:00:00+08:00'), '2025-06-02'],
  ])('%s', (_name, instant, date) => {
    expect(studioDate(instant)).toBe(date)
    expect(studioDate(new Date(instant))).toBe(date)
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
    [null, false],
    [undefined, false],
    [20250601, false],
  ])('%j is a date: %s', (text, expected) => {
    expect(isStudioDate(text)).toBe(expected)
  })
})

describe('calendar arithmetic', () => {
  test.each([
    ['2025-06-01', 1, '2025-06-02'],
    ['2025-06-30', 1, '2025-07-01'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2025-03-01', -1, '2025-02-28'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-06-01', 0, '2025-06-01'],
    ['2025-06-01', 13, '2025-06-14'],
  ])('%s plus %i days is %s, and back', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected)
    expect(daysBetween(date, expected)).toBe(days)
  })

  test('lists consecutive days across a year end', () => {
    expect(studioDays('2025-12-29', 7)).toEqual([
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
    ])
    expect(studioDays('2025-06-01', 0)).toEqual([])
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
    expect(ms).toBe(Date.UTC(2025, 5, 2, 11))
    expect(toStudioIso(ms)).toBe('2025-06-02T19:00:00+08:00')
    expect(Date.parse(toStudioIso(ms))).toBe(ms)
  })
})

describe('studioParts', () => {
  test.each([
    ['2025-06-01T19:00:00+08:00', { year: 2025, month: 6, day: 1, weekday: 0, hhmm: '19:00' }],
    ['2025-06-01T11:05:00Z', { year: 2025, month: 6, day: 1, weekday: 0, hhmm: '19:05' }],
    ['2025-06-01T16:30:00Z', { year: 2025, month: 6, day: 2, weekday: 1, hhmm: '00:30' }],
    [Date.UTC(2025, 5, 1, 1, 0), { year: 2025, month: 6, day: 1, weekday: 0, hhmm: '09:00' }],
    ['2025-12-31', { year: 2025, month: 12, day: 31, weekday: 3, hhmm: '12:00' }],
  ])('%s reads as %j in the studio', (value, parts) => {
    expect(studioParts(value)).toEqual(parts)
  })

  test.each(['not a date', '2025-13-45x', Number.NaN])('%j is not a time', (value) => {
    expect(studioParts(value)).toBeUndefined()
  })
})
