import * as v from 'valibot'
import { idNumber } from './fields'
import { danceClassSchema } from './studio'

/** `POST /classes/:id/waitlist` body: the card to pay with once promoted (the gateway picks one when absent). */
export const joinWaitlistRequestSchema = v.object({ cardId: v.nullish(idNumber('cardId')) })

/**
 * `GET /me/waitlist`: the classes whose waitlist the signed-in customer is on and that have not started, soonest
 * first; each says the customer's place (`myWaitlistPosition`, 1 is next).
 */
export const myWaitlistSchema = v.object({ list: v.array(danceClassSchema) })
