import type { GatewayContext } from '../core/context'
import { bookClass, cancelBooking, checkInAtDoorFor, getBooking, listBookings } from '../services/bookings'
import { cardUses, listCards } from '../services/cards'
import { checkInCode } from '../services/check-in'
import { followedTeachers } from '../services/follows'
import { listInvitations } from '../services/invitations'
import { getMe, updateProfile } from '../services/me'
import { addMember, listMembers, removeMember, updateMember } from '../services/members'
import { dismissRating, rateBooking } from '../services/ratings'
import { endpointRoutes } from './endpoint-route'
import type { Api } from './gateway-env'

/** The signed-in customer: themselves, their family's members, their cards and their bookings. */
export function mountAccountRoutes(api: Api, ctx: GatewayContext): void {
  const on = endpointRoutes(api, ctx)
  on('GET /me', ({ customer }) => getMe(ctx, customer))
  on('POST /me/profile', ({ customer, body }) => updateProfile(ctx, customer, body.nickname))
  on('GET /me/teachers', ({ customer, lang }) => followedTeachers(ctx, customer.id, lang))
  on('GET /me/invitations', ({ customer }) => listInvitations(ctx, customer.id))
  on('GET /me/members', ({ customer }) => listMembers(ctx, customer))
  on('POST /me/members', ({ customer, body }) => addMember(ctx, customer, body))
  on('POST /me/members/:id', ({ customer, params, body }) => updateMember(ctx, customer, params.id, body))
  on('POST /me/members/:id/remove', ({ customer, params }) => removeMember(ctx, customer, params.id))
  on('GET /cards', ({ customer, lang }) => listCards(ctx, customer, lang))
  on('GET /cards/:id/uses', ({ customer, params, lang }) => cardUses(ctx, customer, params.id, lang))
  on('GET /bookings', ({ customer, lang }) => listBookings(ctx, customer, lang))
  on('POST /bookings', ({ customer, body, lang }) => bookClass(ctx, customer, body, lang))
  on('POST /bookings/:id/cancel', ({ customer, params, lang }) =>
    cancelBooking(ctx, customer, params.id, lang),
  )
  on('POST /bookings/:id/rating', ({ customer, params, body, lang }) => {
    rateBooking(ctx, customer.id, params.id, body.stars, body.comment)
    return getBooking(ctx, customer, params.id, lang)
  })
  on('POST /bookings/:id/rating/dismiss', ({ customer, params, lang }) => {
    dismissRating(ctx, customer.id, params.id)
    return getBooking(ctx, customer, params.id, lang)
  })
  on('GET /bookings/:id/check-in', ({ customer, params }) => checkInCode(ctx, customer.id, params.id))
  on('POST /check-in/door', ({ customer, body, lang }) =>
    checkInAtDoorFor(ctx, customer, body.door, body.memberIds, lang),
  )
}
