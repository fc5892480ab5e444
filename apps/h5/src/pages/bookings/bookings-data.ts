import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { cancelBooking, listBookings } from '../../api/studio-api'
import type { Booking } from '../../api/types'
import { type GatewayFailure, settle } from '../../app/gateway-failure'
import { services } from '../../app/services'
import { requireSignIn } from '../../auth/sign-in'
import { t } from '../../i18n/i18n'

export type BookingsTab = 'upcoming' | 'past'

export interface BookingsData {
  tab: BookingsTab
  bookings: Booking[]
}

export type CancelResult = { ok: true; bookingId: number } | GatewayFailure

/** `/bookings?tab=upcoming|past`: the signed-in customer's bookings. */
export async function bookingsLoader({ request }: LoaderFunctionArgs): Promise<BookingsData> {
  requireSignIn(request)
  const tab: BookingsTab = new URL(request.url).searchParams.get('tab') === 'past' ? 'past' : 'upcoming'
  const all = await listBookings(services().client, { signal: request.signal })
  return { tab, bookings: all[tab] }
}

/** Cancels one booking (the gateway enforces the cut-off); the list reloads after. */
export async function cancelAction({ request }: ActionFunctionArgs): Promise<CancelResult> {
  requireSignIn(request)
  const bookingId = Number((await request.formData()).get('bookingId'))
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) return { ok: false, code: 'INVALID_BOOKING' }
  const { client, toasts } = services()
  const result = await settle(() => cancelBooking(client, bookingId))
  if (!result.ok) return result
  toasts.show(t('toast.cancelled'), 'info')
  return { ok: true, bookingId }
}
