import type { Booking } from '@xdance/contract'
import type { ActionFunctionArgs } from 'react-router'
import { callGateway } from '../../api/gateway-call'
import { ACTION_KEY_FIELD, type KeyedFailure, keyedAction, newActionKey } from '../../app/keyed-action'
import { idParam } from '../../app/route-helpers'
import { servicesContext } from '../../app/services'
import { requireSignIn } from '../../auth/require-sign-in'

// Its own module, loaded with the route's lazy parts: a booking is a tap away, not part of the first screen.

export type BookResult = { ok: true; booking: Booking } | KeyedFailure

/**
 * Books the class with the chosen card, for the chosen member of the family (the customer themself when none). The class page is public, so the route is outside the signed-in layout:
 * the action checks the sign-in itself, as the layout's middleware does.
 */
export async function bookAction({ context, params, request }: ActionFunctionArgs): Promise<BookResult> {
  const { client, mode } = context.get(servicesContext)
  requireSignIn(mode, request)
  const id = idParam(params.id)
  const form = await request.formData()
  const cardId = Number(form.get('cardId'))
  const memberId = Number(form.get('memberId'))
  // One key per tap of "book" (the form's hidden field): a retry of the same intent sends the same key.
  const key = String(form.get(ACTION_KEY_FIELD) ?? '') || newActionKey()
  const result = await keyedAction(client, key, (o) =>
    callGateway(
      client,
      'POST /bookings',
      {
        body: {
          classId: id,
          ...(Number.isSafeInteger(cardId) && cardId > 0 ? { cardId } : {}),
          ...(Number.isSafeInteger(memberId) && memberId > 0 ? { memberId } : {}),
        },
      },
      o,
    ),
  )
  return result.ok ? { ok: true, booking: result.value } : result
}
