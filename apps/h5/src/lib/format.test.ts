import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../i18n/i18n'
import { formatDate, formatDay, formatMonthDay, formatTime, formatWeekday, maskPhone } from './format'

afterEach(async () => {
  await setLocale('zh')
})

describe('formatting in studio time (UTC+8), whatever the phone says', () => {
  it.each([
    ['2025-06-01T19:00:00+08:00', '19:00'],
    ['2025-06-01T11:05:00Z', '19:05'],
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
  ])('%s is dated %s / %s', async (value, zh, en) => {
    expect(formatDate(value)).toBe(zh)
    await setLocale('en')
    expect(formatDate(value)).toBe(en)
  })

  it.each([
    ['2025-06-01', '6月1日', 'Jun 1'],
    ['2025-11-24T23:30:00Z', '11月25日', 'Nov 25'],
    ['not a date', '', ''],
  ])('%s is the card date %s / %s', async (value, zh, en) => {
    expect(formatMonthDay(value)).toBe(zh)
    await setLocale('en')
    expect(formatMonthDay(value)).toBe(en)
  })

  it('keeps a bare date on its own day, with its year', async () => {
    expect(formatDay('2025-12-31')).toBe('2025年12月31日')
    expect(formatDay('2026-05-22T10:00:00+08:00')).toBe('2026年5月22日')
    await setLocale('en')
    expect(formatDay('2025-12-31')).toBe('Dec 31, 2025')
  })

  it('gives nothing for a bad value', () => {
    expect(formatDate('bad')).toBe('')
    expect(formatDay('2025-13-45x')).toBe('')
  })

  it('names the weekday of a date key', async () => {
    expect(formatWeekday('2025-06-01')).toBe('周日')
    await setLocale('en')
    expect(formatWeekday('2025-06-02')).toBe('Mon')
  })

  it.each([
    ['13800138000', '138****8000'],
    ['12345', '12345'],
  ])('masks %s as %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked)
  })
})
