import { describe, expect, it } from 'vitest'
import { dayHeading, groupByDay } from './day-heading'

describe('dayHeading: today and tomorrow named, other days dated, in the reader’s language', () => {
  it.each([
    ['en', '2025-06-02', 'Today · Mon, Jun 2'],
    ['en', '2025-06-03', 'Tomorrow · Tue, Jun 3'],
    ['en', '2025-06-04', 'Wed, Jun 4'],
    ['zh', '2025-06-02', '今天 · 6月2日周一'],
    ['zh', '2025-06-03', '明天 · 6月3日周二'],
    ['zh', '2025-06-15', '6月15日周日'],
  ] as const)('%s %s → %s', (locale, date, expected) => {
    expect(dayHeading(locale, date, '2025-06-02')).toBe(expected)
  })
})

describe('groupByDay', () => {
  it('keeps the order and groups each studio date once', () => {
    const items = [
      { id: 1, date: '2025-06-02' },
      { id: 2, date: '2025-06-02' },
      { id: 3, date: '2025-06-04' },
    ]
    expect(groupByDay(items)).toEqual([
      ['2025-06-02', [items[0], items[1]]],
      ['2025-06-04', [items[2]]],
    ])
    expect(groupByDay([])).toEqual([])
  })
})
