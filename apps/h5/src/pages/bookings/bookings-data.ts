import type { Booking } from '@xdance/contract'
import type { LoaderFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { servicesContext } from '../../app/services'

export type BookingsTab = 'upcoming' | 'past'

export interface BookingsData {
  tab: BookingsTab
  bookings: Booking[]
  /** When the list was loaded (epoch ms): a class that has ended by then cannot be cancelled. */
  now: number
}

/** `/bookings?tab=upcoming|past`: the signed-in customer's bookings (the signed-in layout guards it). */
export async function bookingsLoader({ context, request }: LoaderFunctionArgs): Promise<BookingsData> {
  const tab: BookingsTab = new URL(request.url).searchParams.get('tab') === 'past' ? 'past' : 'upcoming'
  const all = await callGateway(
    context.get(servicesContext).client,
    'listBookings',
    {},
    {
      signal: request.signal,
    },
  )
  return { tab, bookings: all[tab], now: Date.now() }
}
