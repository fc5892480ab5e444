import { sValidator } from '@hono/standard-validator'
import { ENDPOINTS } from '@xdance/contract/schemas'
import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { auth } from '../middleware/auth'
import { idempotent } from '../middleware/idempotency'
import { refuseInvalid } from '../middleware/validate'
import { bookClass, cancelBooking, listBookings } from '../services/bookings'
import { listCards } from '../services/cards'
import { getMe, updateProfile } from '../services/me'
import { langOf } from './data-language'
import type { Api } from './gateway-env'

const {
  getMe: me,
  updateProfile: profile,
  listCards: cards,
  listBookings: bookings,
  bookClass: book,
  cancelBooking: cancel,
} = ENDPOINTS

/** The signed-in customer: themselves, their cards and their bookings. */
export function mountAccountRoutes(api: Api, ctx: GatewayContext): void {
  api.on(me.method, me.path, auth(ctx, me.auth), (c) => c.json(ok(getMe(ctx, c.get('customer')))))

  api.on(
    profile.method,
    profile.path,
    auth(ctx, profile.auth),
    sValidator('json', profile.body, refuseInvalid),
    (c) => c.json(ok(updateProfile(ctx, c.get('customer'), c.req.valid('json').nickname))),
  )

  api.on(cards.method, cards.path, auth(ctx, cards.auth), (c) =>
    c.json(ok(listCards(ctx, c.get('customer'), langOf(c)))),
  )

  api.on(bookings.method, bookings.path, auth(ctx, bookings.auth), (c) =>
    c.json(ok(listBookings(ctx, c.get('customer'), langOf(c)))),
  )

  api.on(
    book.method,
    book.path,
    auth(ctx, book.auth),
    sValidator('json', book.body, refuseInvalid),
    idempotent(ctx),
    (c) => {
      const { classId, cardId } = c.req.valid('json')
      return c.json(ok(bookClass(ctx, c.get('customer'), classId, cardId, langOf(c))))
    },
  )

  api.on(
    cancel.method,
    cancel.path,
    auth(ctx, cancel.auth),
    sValidator('param', cancel.params, refuseInvalid),
    idempotent(ctx),
    (c) => c.json(ok(cancelBooking(ctx, c.get('customer'), c.req.valid('param').id, langOf(c)))),
  )
}
