import * as v from 'valibot'
import { idNumber } from './fields'

/** `POST /classes/:id/waitlist` body: the card to pay with once promoted (the gateway picks one when absent). */
export const joinWaitlistRequestSchema = v.object({ cardId: v.nullish(idNumber('cardId')) })
