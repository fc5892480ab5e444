import type { Booking } from '@xdance/contract'
import type { ActionFunctionArgs } from 'react-router'
import { bookClass } from '../../api/studio-api'
import { type GatewayFailure, settle } from '../../app/gateway-failure'
import { idParam } from '../../app/route-helpers'
import { servicesContext } from '../../app/services'
import { requireSignIn } from '../../auth/require-sign-in'

// Its own module, loaded with the route's lazy parts: a booking is a tap away, not part of the first screen.

export type BookResult = { ok: true; booking: Booking } | GatewayFailure

/**
 * Books the class with the chosen card. The class page is public, so the route is outside the signed-in layout:
 * the action checks the sign-in itself, as the layout's middleware does.
 */
export async function bookAction({ context, params, request }: ActionFunctionArgs): Promise<BookResult> {
  const { client, mode } = context.get(servicesContext)
  requireSignIn(mode, request)
  const id = idParam(params.id)
  const form = await request.formData()
  const cardId = Number(form.get('cardId'))
  const result = await settle(() =>
    bookClass(client, id, Number.isSafeInteger(cardId) && cardId > 0 ? cardId : undefined),
  )
  return result.ok ? { ok: true, booking: result.value } : result
}
