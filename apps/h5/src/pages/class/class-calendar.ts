import type { DanceClass, Org } from '@xdance/contract'
import type { CalendarEvent } from '../../lib/ical-event'

/**
 * A class as a calendar event: the studio's address and the room as its place, the teacher, style, level, the
 * cancellation rule and the description as its text, the class page as its link. The UID is stable per class and
 * host, so adding the same class twice updates the event.
 *
 * @example
 * icsEvent(classEvent(item, org, 'https://h5.example.com', policyRule(t, 120), Date.now()))
 */
export function classEvent(
  item: DanceClass,
  org: Pick<Org, 'name' | 'address'>,
  origin: string,
  policy: string,
  now: number,
): CalendarEvent {
  const url = `${origin}/classes/${item.id}`
  return {
    uid: `class-${item.id}@${new URL(origin).host || 'xdance'}`,
    start: item.startsAt,
    end: item.endsAt,
    stamp: now,
    summary: item.title,
    location: [org.name, org.address, item.room].filter(Boolean).join(', '),
    description: [`${item.teacher.name} · ${item.styleName} · ${item.levelName}`, policy, item.description]
      .filter(Boolean)
      .join('\n'),
    url,
  }
}
