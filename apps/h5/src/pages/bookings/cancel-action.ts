import type { ActionFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { ACTION_KEY_FIELD, type KeyedFailure, keyedAction, newActionKey } from '../../app/keyed-action'
import { servicesContext } from '../../app/services'

// Its own module, loaded with the route's lazy parts: not part of the first screen.

export type CancelResult = { ok: true; bookingId: number } | KeyedFailure

/** Cancels one booking (the gateway enforces the cut-off); the list reloads after. */
export async function cancelAction({ context, request }: ActionFunctionArgs): Promise<CancelResult> {
  const form = await request.formData()
  const bookingId = Number(form.get('bookingId'))
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) {
    return { ok: false, code: 'INVALID_BOOKING', kind: 'refused' }
  }
  const { client, toasts, i18n } = context.get(servicesContext)
  const key = String(form.get(ACTION_KEY_FIELD) ?? '') || newActionKey()
  const result = await keyedAction(client, key, (o) =>
    callGateway(client, 'POST /bookings/:id/cancel', { params: { id: bookingId } }, o),
  )
  if (!result.ok) return result
  toasts.show(i18n.t('toast.cancelled'), 'info')
  return { ok: true, bookingId }
}
