import { requireCustomer } from '../auth-service'
import { bookClass, cancelBooking, listBookings, listCards } from '../booking-service'
import type { GatewayContext } from '../context'
import { ok } from '../envelope'
import { readJsonObject } from '../read-json'
import { readId, readIdText, readOptionalId } from '../validation'
import type { Api } from './gateway-env'

/** Bookings and membership cards: all of them need a signed-in customer. */
export function mountBookingRoutes(api: Api, ctx: GatewayContext): void {
  api.post('/bookings', (c) => {
    const customer = requireCustomer(ctx, c.req.header('authorization'))
    const body = readJsonObject(c)
    const classId = readId(body.classId, 'classId')
    const cardId = readOptionalId(body.cardId, 'cardId')
    return c.json(ok(bookClass(ctx, customer, classId, cardId)))
  })

  api.get('/bookings', (c) =>
    c.json(ok(listBookings(ctx, requireCustomer(ctx, c.req.header('authorization'))))),
  )

  api.post('/bookings/:id/cancel', (c) => {
    const customer = requireCustomer(ctx, c.req.header('authorization'))
    return c.json(ok(cancelBooking(ctx, customer, readIdText(c.req.param('id'), 'id'))))
  })

  api.get('/cards', (c) => c.json(ok(listCards(ctx, requireCustomer(ctx, c.req.header('authorization'))))))
}
