import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en'
import { createI18n } from '../i18n/i18n'
import { formatDate, formatDay, formatMonthDay, formatTime, formatWeekday } from './format'

// The calendar arithmetic is the contract's (its tables); these check the spelling in each language.
const i18n = createI18n(async () => en)
await i18n.setLocale('en')
const zhT = i18n.translator('zh')
const enT = i18n.translator('en')

describe('formatting in studio time (UTC+8), whatever the phone says', () => {
  it.each([
    ['2025-06-01T19:00:00+08:00', '19:00'],
    ['2025-06-01T16:30:00Z', '00:30'],
    [Date.UTC(2025, 5, 1, 1, 0), '09:00'],
    ['not a date', ''],
  ])('%s shows as %s', (value, expected) => {
    expect(formatTime(value)).toBe(expected)
  })

  it.each([
    ['2025-06-01T19:00:00+08:00', '6月1日周日', 'Sun, Jun 1'],
    ['2025-06-01T16:30:00Z', '6月2日周一', 'Mon, Jun 2'],
    ['2025-12-31', '12月31日周三', 'Wed, Dec 31'],
  ])('%s is dated %s / %s', (value, zh, english) => {
    expect(formatDate(zhT, value)).toBe(zh)
    expect(formatDate(enT, value)).toBe(english)
  })

  it.each([
    ['2025-06-01', '6月1日', 'Jun 1'],
    ['2025-11-24T23:30:00Z', '11月25日', 'Nov 25'],
    ['not a date', '', ''],
  ])('%s is the card date %s / %s', (value, zh, english) => {
    expect(formatMonthDay(zhT, value)).toBe(zh)
    expect(formatMonthDay(enT, value)).toBe(english)
  })

  it('keeps a bare date on its own day, with its year', () => {
    expect(formatDay(zhT, '2025-12-31')).toBe('2025年12月31日')
    expect(formatDay(zhT, '2026-05-22T10:00:00+08:00')).toBe('2026年5月22日')
    expect(formatDay(enT, '2025-12-31')).toBe('Dec 31, 2025')
  })

  it('gives nothing for a bad value', () => {
    expect(formatDate(zhT, 'bad')).toBe('')
    expect(formatDay(zhT, '2025-13-45x')).toBe('')
  })

  it('spells every month and weekday through Intl in English (no catalogue strings)', () => {
    expect(
      Array.from({ length: 12 }, (_, i) => formatMonthDay(enT, `2025-${String(i + 1).padStart(2, '0')}-01`)),
    ).toEqual([
      'Jan 1',
      'Feb 1',
      'Mar 1',
      'Apr 1',
      'May 1',
      'Jun 1',
      'Jul 1',
      'Aug 1',
      'Sep 1',
      'Oct 1',
      'Nov 1',
      'Dec 1',
    ])
    expect(
      ['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07'].map(
        (d) => formatWeekday(enT, d),
      ),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'])
    expect(formatDate(enT, '2026-02-28T23:59:00+08:00')).toBe('Sat, Feb 28')
    // Just past midnight in the studio is still the studio's day, whatever the phone's zone.
    expect(formatDay(enT, '2025-12-31T16:00:00Z')).toBe('Jan 1, 2026')
    expect(formatDay(zhT, '2025-12-31T16:00:00Z')).toBe('2026年1月1日')
  })

  it('names the weekday of a studio date', () => {
    expect(formatWeekday(zhT, '2025-06-01')).toBe('周日')
    expect(formatWeekday(enT, '2025-06-02')).toBe('Mon')
  })
})
