/** One class as an iCalendar event: what {@link icsEvent} writes. */
export interface CalendarEvent {
  /** Globally unique and stable for the class, so a second download updates the first rather than duplicating it. */
  uid: string
  /** Instants (ISO text with an offset, or epoch ms). */
  start: string | number
  end: string | number
  /** When the file was made (`DTSTAMP`), epoch ms. */
  stamp: number
  summary: string
  location: string
  description: string
  url: string
}

const CRLF = '\r\n'
const MAX_OCTETS = 75
const encoder = new TextEncoder()

/**
 * An instant as an RFC 5545 UTC date-time (`20250601T110000Z`): UTC needs no VTIMEZONE and every calendar shows it
 * in the reader's own zone.
 *
 * @example
 * icsUtc('2025-06-01T19:00:00+08:00') // '20250601T110000Z'
 */
export function icsUtc(value: string | number): string {
  const ms = typeof value === 'number' ? value : Date.parse(value)
  if (!Number.isFinite(ms)) throw new RangeError(`icsUtc: not an instant: ${String(value)}`)
  return new Date(ms)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
}

/**
 * A TEXT value escaped as RFC 5545 §3.3.11 says: backslash, semicolon and comma get a backslash, a line break
 * becomes `\n`.
 *
 * @example
 * icsText('A, B; C\\D\nE') // 'A\\, B\\; C\\\\D\\nE'
 */
export function icsText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n')
}

/**
 * One content line folded as RFC 5545 §3.1 says: no line longer than 75 octets (UTF-8), each continuation starting
 * with one space; a multi-byte character is never split.
 *
 * @example
 * foldLine(`DESCRIPTION:${'x'.repeat(80)}`) // first line 75 octets, then CRLF + ' ' + the rest
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    // A continuation line's leading space counts towards its 75 octets.
    if (octets + size > MAX_OCTETS) {
      parts.push(current)
      current = ' '
      octets = 1
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join(CRLF)
}

/**
 * A calendar file (`text/calendar`) with one event, in UTC: CRLF line ends, folded lines, escaped text.
 *
 * @example
 * icsEvent({ uid: 'class-7@xdance', start: '2025-06-01T19:00:00+08:00', end: '2025-06-01T20:00:00+08:00',
 *   stamp: Date.now(), summary: 'Jazz', location: 'Studio, Room A', description: '', url: 'https://…/classes/7' })
 */
export function icsEvent(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//xdance//h5//ZH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    // A URI value, not TEXT: it is not escaped.
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join(CRLF)}${CRLF}`
}
