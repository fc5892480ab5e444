import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { type CalendarEvent, foldLine, icsEvent, icsText, icsUtc } from './ical-event'

const EVENT: CalendarEvent = {
  uid: 'class-7@h5.example.com',
  start: '2025-06-03T19:00:00+08:00',
  end: '2025-06-03T20:30:00+08:00',
  stamp: Date.parse('2025-06-01T08:00:00Z'),
  summary: '爵士零基础入门, 第 1 课; A\\B',
  location: '炫舞空间 XDance Studio, 上海市静安区南京西路 1266 号 5 楼, A 教室',
  description: `林夏 · 爵士 · 零基础\n开课前 2 小时可免费取消\n${'从律动和基本步伐开始，最后合成一段 30 秒的小组合。'.repeat(3)}`,
  url: 'https://h5.example.com/classes/7?from=share,wechat',
}

const octets = (text: string) => new TextEncoder().encode(text).length

function parse(text: string) {
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')
  if (!vevent) throw new Error('no VEVENT')
  return { vevent, event: new ICAL.Event(vevent) }
}

describe('icsEvent', () => {
  it('is read by ical.js with the class’s start and end instants, in UTC', () => {
    const { event } = parse(icsEvent(EVENT))
    expect(event.startDate.toJSDate().toISOString()).toBe('2025-06-03T11:00:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2025-06-03T12:30:00.000Z')
    expect(event.startDate.zone.tzid).toBe('UTC')
  })

  it('keeps every text exactly, commas, semicolons, backslashes and line breaks included', () => {
    const { vevent, event } = parse(icsEvent(EVENT))
    expect(event.uid).toBe(EVENT.uid)
    expect(event.summary).toBe(EVENT.summary)
    expect(event.location).toBe(EVENT.location)
    expect(event.description).toBe(EVENT.description)
    expect(vevent.getFirstPropertyValue('url')).toBe(EVENT.url)
    expect(String(vevent.getFirstPropertyValue('dtstamp'))).toBe('2025-06-01T08:00:00Z')
  })

  it('ends every line with CRLF and folds none longer than 75 octets, never inside a character', () => {
    const text = icsEvent(EVENT)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = text.split('\r\n').slice(0, -1)
    for (const line of lines) expect(octets(line), line).toBeLessThanOrEqual(75)
    expect(lines.some((line) => line.startsWith(' '))).toBe(true)
    expect(text).not.toContain('\uFFFD')
  })

  it('has the calendar and event frame a calendar app requires', () => {
    const lines = icsEvent(EVENT).split('\r\n')
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//xdance//h5//ZH',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ])
    expect(lines).toContain('DTSTART:20250603T110000Z')
    expect(lines).toContain('DTEND:20250603T123000Z')
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', ''])
  })
})

describe('icsText', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', 'a\\,b'],
    ['a;b', 'a\\;b'],
    ['a\\b', 'a\\\\b'],
    ['a\nb', 'a\\nb'],
    ['a\r\nb', 'a\\nb'],
    ['a:b', 'a:b'],
  ])('%j is written %j', (text, written) => {
    expect(icsText(text)).toBe(written)
  })
})

describe('icsUtc', () => {
  it.each([
    ['2025-06-03T19:00:00+08:00', '20250603T110000Z'],
    ['2025-06-01T00:30:00+08:00', '20250531T163000Z'],
    [Date.UTC(2025, 11, 31, 23, 59, 59), '20251231T235959Z'],
  ])('%s is %s', (value, utc) => {
    expect(icsUtc(value)).toBe(utc)
  })

  it('refuses what is not an instant', () => {
    expect(() => icsUtc('tomorrow')).toThrow(RangeError)
  })
})

describe('foldLine', () => {
  it.each([
    ['a line of 75 octets stays whole', 'x'.repeat(75), 1],
    ['76 octets fold once', 'x'.repeat(76), 2],
    ['a continuation holds 74 more octets after its space', 'x'.repeat(75 + 74), 2],
    ['three-octet characters are never split', '舞'.repeat(30), 2],
  ])('%s', (_case, line, count) => {
    const parts = foldLine(line).split('\r\n')
    expect(parts).toHaveLength(count)
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75)
    expect(parts.map((part, index) => (index ? part.slice(1) : part)).join('')).toBe(line)
  })
})
