import type { DanceClass } from '@xdance/contract'
import type { BodyRequestOptions, GatewayClient } from '@xdance/http'
import { apiPath } from './studio-api'

/**
 * `POST /classes/:id/waitlist`: waits for a seat of a full class, with the card to pay once promoted (the
 * gateway's pick when absent). Answers the class with my position.
 *
 * @example
 * const item = await joinWaitlist(client, 7, 3) // item.myWaitlistPosition === 1
 */
export const joinWaitlist = (
  client: GatewayClient,
  classId: number,
  cardId?: number,
  o?: BodyRequestOptions,
) =>
  client.post<DanceClass>(apiPath('joinWaitlist', { id: classId }), cardId === undefined ? {} : { cardId }, o)

/** `POST /classes/:id/waitlist/leave`. @example await leaveWaitlist(client, 7) */
export const leaveWaitlist = (client: GatewayClient, classId: number, o?: BodyRequestOptions) =>
  client.post<DanceClass>(apiPath('leaveWaitlist', { id: classId }), undefined, o)
