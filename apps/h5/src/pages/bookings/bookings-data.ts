import type { Booking } from '@xdance/contract'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { cancelBooking, listBookings } from '../../api/studio-api'
import { type GatewayFailure, settle } from '../../app/gateway-failure'
import { servicesContext } from '../../app/services'

export type BookingsTab = 'upcoming' | 'past'

export interface BookingsData {
  tab: BookingsTab
  bookings: Booking[]
  /** When the list was loaded (epoch ms): a class that has ended by then cannot be cancelled. */
  now: number
}

export type CancelResult = { ok: true; bookingId: number } | GatewayFailure

/** `/bookings?tab=upcoming|past`: the signed-in customer's bookings (the signed-in layout guards it). */
export async function bookingsLoader({ context, request }: LoaderFunctionArgs): Promise<BookingsData> {
  const tab: BookingsTab = new URL(request.url).searchParams.get('tab') === 'past' ? 'past' : 'upcoming'
  const all = await listBookings(context.get(servicesContext).client, { signal: request.signal })
  return { tab, bookings: all[tab], now: Date.now() }
}

/** Cancels one booking (the gateway enforces the cut-off); the list reloads after. */
export async function cancelAction({ context, request }: ActionFunctionArgs): Promise<CancelResult> {
  const bookingId = Number((await request.formData()).get('bookingId'))
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) return { ok: false, code: 'INVALID_BOOKING' }
  const { client, toasts, i18n } = context.get(servicesContext)
  const result = await settle(() => cancelBooking(client, bookingId))
  if (!result.ok) return result
  toasts.show(i18n.t('toast.cancelled'), 'info')
  return { ok: true, bookingId }
}
