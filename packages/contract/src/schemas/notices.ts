import * as v from 'valibot'
import type { Endpoint, EndpointKey } from '../endpoint'
import { count, id, instant } from './fields'
import { idParamSchema } from './studio'

/**
 * What a notice is about: a booking confirmed, the reminder before class (2 hours), promoted from the waitlist,
 * dropped from it (the card no longer works), the waitlist closed at the cut-off, an order paid, a card about to
 * expire (7 days) or running out (1 or 0 credits left), a followed teacher's new classes, an invitation rewarded.
 */
export const noticeKindSchema = v.picklist([
  'booking-confirmed',
  'booking-cancelled',
  'class-changed',
  'class-cancelled',
  'class-reminder',
  'waitlist-promoted',
  'waitlist-skipped',
  'waitlist-closed',
  'order-paid',
  'card-expiring',
  'card-low',
  'wechat-moved',
  'teacher-new-class',
  'invitation-rewarded',
])
/** @example const kind: NoticeKind = 'class-reminder' */
export type NoticeKind = v.InferOutput<typeof noticeKindSchema>

/**
 * The class a notice is about as it stands when the notices are read (not when the notice was written), so that an
 * old notice never contradicts the present: its time and room now, whether it has ended, and where the customer
 * stands (`booked`, `waiting` on its waitlist, `cancelled` their booking, or `none`), and whether the studio cancelled
 * it.
 */
export const noticeClassSchema = v.object({
  title: v.string(),
  startsAt: instant,
  room: v.string(),
  ended: v.boolean(),
  /** The studio cancelled it. */
  cancelled: v.boolean(),
  mine: v.picklist(['booked', 'waiting', 'cancelled', 'none']),
})
/** @example if (notice.class?.mine === 'cancelled') showCancelled() */
export type NoticeClass = v.InferOutput<typeof noticeClassSchema>

/** A notice to the customer, with what it is about (`classId`, `orderId`, `cardId` where it applies). */
export const noticeSchema = v.object({
  id,
  kind: noticeKindSchema,
  title: v.string(),
  body: v.string(),
  classId: v.nullable(id),
  orderId: v.nullable(id),
  cardId: v.nullable(id),
  /** The class now (see {@link noticeClassSchema}); absent or `null` when the notice is not about a class. */
  class: v.nullish(noticeClassSchema),
  createdAt: instant,
  read: v.boolean(),
})
/** @example const notice: Notice = notices.list[0] */
export type Notice = v.InferOutput<typeof noticeSchema>

/** `GET /notices`: the customer's notices, newest first, and how many are unread. */
export const noticeListSchema = v.object({ list: v.array(noticeSchema), unread: count })
/** @example const { list, unread }: NoticeList = await client.get('/notices') */
export type NoticeList = v.InferOutput<typeof noticeListSchema>

/** `POST /notices/read-all` answer: how many notices were marked read. */
export const markAllReadSchema = v.object({ updated: count })
/** @example const { updated }: MarkAllRead = await client.post('/notices/read-all') */
export type MarkAllRead = v.InferOutput<typeof markAllReadSchema>

/**
 * The signed-in customer's notices. One row per call, keyed by its method and path (see `Endpoint`).
 */
export const noticeCalls = {
  'GET /notices': { auth: 'required', answer: noticeListSchema },
  'POST /notices/:id/read': { auth: 'required', params: idParamSchema, answer: noticeSchema },
  'POST /notices/read-all': { auth: 'required', answer: markAllReadSchema },
} as const satisfies Record<EndpointKey, Endpoint>
