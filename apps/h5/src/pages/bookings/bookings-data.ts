import type { Booking, DanceClass } from '@xdance/contract'
import type { LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { servicesContext } from '../../app/services'

export type BookingsTab = 'upcoming' | 'past'

/** One line of 我的课程: a booking, or a place on a full class's waitlist (upcoming only). */
export type TimelineItem = { kind: 'booking'; booking: Booking } | { kind: 'waiting'; class: DanceClass }

export interface BookingsData {
  tab: BookingsTab
  /** Upcoming: bookings and waitlist places together, soonest first. Past: bookings, latest first. */
  items: TimelineItem[]
  /** When the list was loaded (epoch ms): a class that has ended by then cannot be cancelled. */
  now: number
  /** Past classes 我的课程 asks to rate (attended, in the rating window, neither rated nor dismissed). */
  toRate: number
}

/**
 * Upcoming bookings and waitlist places as one timeline, soonest first (a booking before a place at the same time).
 *
 * @example
 * timeline(bookings.upcoming, waitlist.list)
 */
export function timeline(bookings: readonly Booking[], waiting: readonly DanceClass[]): TimelineItem[] {
  const items: Array<TimelineItem & { at: number }> = [
    ...bookings.map((booking) => ({
      kind: 'booking' as const,
      booking,
      at: Date.parse(booking.class.startsAt),
    })),
    ...waiting.map((item) => ({
      kind: 'waiting' as const,
      class: item,
      at: Date.parse(item.startsAt) + 0.5,
    })),
  ]
  return items.sort((a, b) => a.at - b.at).map(({ at: _at, ...item }) => item as TimelineItem)
}

/**
 * `/bookings?tab=upcoming|past` (我的课程): the signed-in customer's classes (the signed-in layout guards it);
 * upcoming ones with the waitlists they are on.
 */
export async function bookingsLoader({ context, request }: LoaderFunctionArgs): Promise<BookingsData> {
  const tab: BookingsTab = new URL(request.url).searchParams.get('tab') === 'past' ? 'past' : 'upcoming'
  const { client } = context.get(servicesContext)
  const { signal } = request
  if (tab === 'past') {
    const all = await callGateway(client, 'GET /bookings', {}, { signal })
    return {
      tab,
      items: all.past.map((booking) => ({ kind: 'booking', booking })),
      now: Date.now(),
      toRate: all.past.filter((booking) => booking.ratingPrompt).length,
    }
  }
  const [all, waiting] = await Promise.all([
    callGateway(client, 'GET /bookings', {}, { signal }),
    callGateway(client, 'GET /me/waitlist', {}, { signal }),
  ])
  return {
    tab,
    items: timeline(all.upcoming, waiting.list),
    now: Date.now(),
    toRate: all.past.filter((booking) => booking.ratingPrompt).length,
  }
}
