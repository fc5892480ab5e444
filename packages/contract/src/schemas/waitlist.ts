import * as v from 'valibot'
import type { Endpoint, EndpointKey } from '../endpoint'
import { idNumber } from './fields'
import { danceClassSchema, idParamSchema } from './studio'

/** `POST /classes/:id/waitlist` body: the card to pay with once promoted (the gateway picks one when absent). */
export const joinWaitlistRequestSchema = v.object({ cardId: v.nullish(idNumber('cardId')) })
/** @example const body: JoinWaitlistRequest = { cardId: 3 } */
export type JoinWaitlistRequest = v.InferInput<typeof joinWaitlistRequestSchema>

/**
 * `GET /me/waitlist`: the classes whose waitlist the signed-in customer is on and that have not started, soonest
 * first; each says the customer's place (`myWaitlistPosition`, 1 is next).
 */
export const myWaitlistSchema = v.object({ list: v.array(danceClassSchema) })
/** @example const { list }: MyWaitlist = await client.get('/me/waitlist') */
export type MyWaitlist = v.InferOutput<typeof myWaitlistSchema>

/**
 * A full class's waitlist. One row per call, keyed by its method and path (see `Endpoint`).
 */
export const waitlistCalls = {
  'GET /me/waitlist': { auth: 'required', answer: myWaitlistSchema },
  'POST /classes/:id/waitlist': {
    auth: 'required',
    idempotent: true,
    params: idParamSchema,
    body: joinWaitlistRequestSchema,
    answer: danceClassSchema,
  },
  'POST /classes/:id/waitlist/leave': {
    auth: 'required',
    idempotent: true,
    params: idParamSchema,
    answer: danceClassSchema,
  },
} as const satisfies Record<EndpointKey, Endpoint>
