import type { ActionFunctionArgs } from 'react-router'
import { cancelBooking } from '../../api/studio-api'
import { type GatewayFailure, settle } from '../../app/gateway-failure'
import { servicesContext } from '../../app/services'

// Its own module, loaded with the route's lazy parts: not part of the first screen.

export type CancelResult = { ok: true; bookingId: number } | GatewayFailure

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
