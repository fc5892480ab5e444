import type { GatewayContext } from '../context'
import { bookClass, cancelBooking, listBookings } from '../services/bookings'
import { listCards } from '../services/cards'
import { getMe, updateProfile } from '../services/me'
import { endpointRoutes } from './endpoint-route'
import type { Api } from './gateway-env'

/** The signed-in customer: themselves, their cards and their bookings. */
export function mountAccountRoutes(api: Api, ctx: GatewayContext): void {
  const on = endpointRoutes(api, ctx)
  on('GET /me', ({ customer }) => getMe(ctx, customer))
  on('POST /me/profile', ({ customer, body }) => updateProfile(ctx, customer, body.nickname))
  on('GET /cards', ({ customer, lang }) => listCards(ctx, customer, lang))
  on('GET /bookings', ({ customer, lang }) => listBookings(ctx, customer, lang))
  on('POST /bookings', ({ customer, body, lang }) =>
    bookClass(ctx, customer, body.classId, body.cardId, lang),
  )
  on('POST /bookings/:id/cancel', ({ customer, params, lang }) =>
    cancelBooking(ctx, customer, params.id, lang),
  )
}
