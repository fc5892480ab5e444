import * as v from 'valibot'
import type { Endpoint, EndpointKey } from '../endpoint'
import { RULES } from '../studio-rules'
import {
  count,
  id,
  idMessage,
  idNumber,
  instant,
  missingField,
  PHONE_MESSAGE,
  phoneField,
  SMS_CODE_MESSAGE,
  shortText,
  smsCodeField,
} from './fields'
import { danceClassSchema, idParamSchema } from './studio'

/** A membership card's state now: usable, not yet valid, past its date, or out of credits. */
export const cardStatusSchema = v.picklist(['active', 'not-started', 'expired', 'used-up'])
/** @example const s: CardStatus = 'active' */
export type CardStatus = v.InferOutput<typeof cardStatusSchema>

/** A membership card. */
export const cardSchema = v.object({
  id,
  name: v.string(),
  creditsTotal: count,
  creditsLeft: count,
  validFrom: instant,
  validUntil: instant,
  status: cardStatusSchema,
  /** A family card: any member of the holder's family books on it (another card is the holder's own). */
  family: v.boolean(),
})
/** @example const card: MembershipCard = cards.list[0] */
export type MembershipCard = v.InferOutput<typeof cardSchema>

/**
 * One use of a card (`GET /cards/:id/uses`): the booking it paid for, whom for, the credits it took, and what came
 * of it: `booked` (to come), `attended`, `missed`, or `cancelled` (the credits went back).
 */
export const cardUseSchema = v.object({
  bookingId: id,
  classTitle: v.string(),
  startsAt: instant,
  memberName: v.string(),
  credits: count,
  outcome: v.picklist(['booked', 'attended', 'missed', 'ended', 'cancelled']),
})
/** @example const use: CardUse = uses.list[0] */
export type CardUse = v.InferOutput<typeof cardUseSchema>

/** `GET /cards/:id/uses`: the card and each use of it, latest first. */
export const cardUsesSchema = v.object({ card: cardSchema, list: v.array(cardUseSchema) })
/** @example const { card, list }: CardUses = await callGateway(client, 'GET /cards/:id/uses', { params: { id } }) */
export type CardUses = v.InferOutput<typeof cardUsesSchema>

/** `GET /cards`: the customer's cards, soonest to expire first. */
export const cardListSchema = v.object({ list: v.array(cardSchema) })

/**
 * A booking: live (`booked`) or `cancelled`; `cancellable` until `cancelDeadline`. Once the class has started, the
 * studio may mark `attendance` (`attended` or `missed`); absent or `null` until it does.
 */
export const bookingSchema = v.object({
  id,
  status: v.picklist(['booked', 'cancelled']),
  classId: id,
  class: danceClassSchema,
  cardId: id,
  cardName: v.string(),
  credits: count,
  createdAt: instant,
  cancelledAt: v.nullable(instant),
  cancelDeadline: instant,
  cancellable: v.boolean(),
  attendance: v.nullish(v.picklist(['attended', 'missed'])),
  /** Whom the seat is for: a member of the customer's family (the customer themself is one, `self`). */
  member: v.object({ id, name: v.string(), self: v.boolean() }),
  /**
   * When check-in at the studio's door is open for this booking (the studio's minutes before the start to its
   * minutes after), and when it happened (`null`: not checked in). A checked-in booking is `attended`.
   */
  checkIn: v.object({ opensAt: instant, closesAt: instant, checkedInAt: v.nullable(instant) }),
  /** The customer's rating of the class (`null`: not rated); `editableUntil` is when it can no longer be changed. */
  rating: v.nullable(
    v.object({ stars: count, comment: v.string(), ratedAt: instant, editableUntil: instant }),
  ),
  /** Whether 我的课程 asks for a rating: attended, ended within the rating window, not rated, not dismissed. */
  ratingPrompt: v.boolean(),
})
/** @example const booking: Booking = await client.post('/bookings', { classId: 7 }) */
export type Booking = v.InferOutput<typeof bookingSchema>

/** `GET /bookings`: upcoming (soonest first) and past (latest first), cancelled ones included. */
export const bookingsSchema = v.object({ upcoming: v.array(bookingSchema), past: v.array(bookingSchema) })
/** @example const { upcoming, past }: Bookings = await client.get('/bookings') */
export type Bookings = v.InferOutput<typeof bookingsSchema>

/** `GET /me`: the signed-in customer (the phone already masked). */
export const meSchema = v.object({
  userId: v.string(),
  openId: v.string(),
  orgId: v.string(),
  phone: v.string(),
  nickname: v.string(),
  createdAt: instant,
  activeCards: count,
  upcomingBookings: count,
  /** Notices not read yet (the badge on the notices entry). */
  unreadNotices: count,
})
/** @example const me: Me = await client.get('/me') */
export type Me = v.InferOutput<typeof meSchema>

/**
 * `POST /me/profile` body: the name the studio calls the customer by, 1 to `RULES.nicknameMaxLength` characters once
 * trimmed.
 */
export const updateProfileSchema = v.object({
  nickname: v.pipe(
    v.string('nickname 必须是文字'),
    v.trim(),
    v.minLength(1, '昵称不能为空'),
    v.maxLength(RULES.nicknameMaxLength, `昵称最多 ${RULES.nicknameMaxLength} 个字`),
  ),
})
/** @example const body: UpdateProfileRequest = { nickname: '小舞' } */
export type UpdateProfileRequest = v.InferInput<typeof updateProfileSchema>

/**
 * `POST /auth/sms` body: the phone, and `consent`, the version of the terms and privacy policy the customer ticked
 * (`TERMS_VERSION`). Left optional here so that a missing consent is refused with its own code, `CONSENT_REQUIRED`.
 */
export const smsRequestSchema = v.object(
  { phone: phoneField, consent: v.optional(v.pipe(v.string(), v.maxLength(32))) },
  missingField({ phone: PHONE_MESSAGE }),
)
/** @example const body: SmsRequest = { phone: '13800138000' } */
export type SmsRequest = v.InferInput<typeof smsRequestSchema>

/** `POST /auth/sms` answer: the masked phone, how long the code lives and when another may be sent (seconds). */
export const smsResultSchema = v.object({ phone: v.string(), expiresIn: count, resendIn: count })
/** @example const { resendIn }: SmsResult = await client.post('/auth/sms', { phone }) */
export type SmsResult = v.InferOutput<typeof smsResultSchema>

/**
 * `POST /auth/login` body. Optional: the app-mode `inviteId`, recorded when the sign-in creates the customer. The
 * visitor's WeChat openId is not sent: the gateway binds the one this browser proved through `POST /wechat/oauth`
 * (an httpOnly cookie), never a value a client wrote.
 */
export const loginRequestSchema = v.object(
  {
    phone: phoneField,
    code: smsCodeField,
    inviteId: shortText('inviteId', 128),
    /**
     * The userId of the customer whose share link brought this visitor (the link's `sharer`, kept by the app for
     * `RULES.invitationDays`): a sign-up records the invitation, which rewards the sharer once the invitee attends.
     */
    sharer: shortText('sharer', 32),
  },
  missingField({ phone: PHONE_MESSAGE, code: SMS_CODE_MESSAGE }),
)
/** @example const body: LoginRequest = { phone: '13800138000', code: '123456' } */
export type LoginRequest = v.InferInput<typeof loginRequestSchema>

/**
 * `POST /auth/login` answer: what the client keeps (head and token cookies; userId, openId, orgId in storage) and
 * when the token expires.
 */
export const loginResultSchema = v.object({
  head: v.string(),
  token: v.string(),
  userId: v.string(),
  openId: v.string(),
  orgId: v.string(),
  expiresAt: instant,
})
/** @example const session: LoginResult = await client.post('/auth/login', { phone, code }) */
export type LoginResult = v.InferOutput<typeof loginResultSchema>

/**
 * `POST /bookings` body: the class, the card to pay with (the gateway picks one when absent or null), and the
 * member of the family the seat is for (the customer themself when absent or null).
 */
export const bookRequestSchema = v.object(
  {
    classId: idNumber('classId'),
    cardId: v.nullish(idNumber('cardId')),
    memberId: v.nullish(idNumber('memberId')),
  },
  missingField({ classId: idMessage('classId') }),
)
/** @example const body: BookRequest = { classId: 7, cardId: 3 } */
export type BookRequest = v.InferInput<typeof bookRequestSchema>

/**
 * A member of the customer's family (学员): the customer themself (`self`, named by their nickname) or someone they
 * book for, usually a child. `birthYear` makes the member's age in a class's year (`null`: not given, so a class
 * with an age range refuses them); `upcomingBookings` counts their live bookings still to come (a member with any
 * cannot be removed).
 */
export const memberSchema = v.object({
  id,
  name: v.string(),
  birthYear: v.nullable(count),
  self: v.boolean(),
  upcomingBookings: count,
})
/** @example const member: Member = members.list[0] */
export type Member = v.InferOutput<typeof memberSchema>

/** `GET /me/members`: the customer's family, the customer themself first, then in the order they were added. */
export const memberListSchema = v.object({ list: v.array(memberSchema) })
/** @example const { list }: MemberList = await callGateway(client, 'GET /me/members', {}) */
export type MemberList = v.InferOutput<typeof memberListSchema>

/**
 * `POST /me/members` and `POST /me/members/:id` body: the member's name (1 to `RULES.memberNameMaxLength`
 * characters once trimmed) and birth year (`RULES.birthYearMin` on; the gateway refuses a year to come), or `null`.
 */
export const memberInputSchema = v.object({
  name: v.pipe(
    v.string('name 必须是文字'),
    v.trim(),
    v.minLength(1, '学员姓名不能为空'),
    v.maxLength(RULES.memberNameMaxLength, `学员姓名最多 ${RULES.memberNameMaxLength} 个字`),
  ),
  birthYear: v.nullish(
    v.pipe(
      v.number('birthYear 必须是年份'),
      v.integer('birthYear 必须是年份'),
      v.minValue(RULES.birthYearMin, `birthYear 不能早于 ${RULES.birthYearMin}`),
      v.maxValue(9999, 'birthYear 必须是年份'),
    ),
  ),
})
/** @example const body: MemberInput = { name: '小米', birthYear: 2019 } */
export type MemberInput = v.InferInput<typeof memberInputSchema>

/**
 * `GET /bookings/:id/check-in`: the booking's check-in code, for the front desk's scanner: `payload` is what the QR
 * code holds and the same short text for a desk without a camera. Signed by the gateway, naming the booking and
 * the studio; it lives until `expiresAt` (a couple of minutes: the page asks for a fresh one before, so a
 * screenshot goes stale) and only while check-in is open.
 */
export const checkInCodeSchema = v.object({
  bookingId: id,
  payload: v.string(),
  expiresAt: instant,
  opensAt: instant,
  closesAt: instant,
})
/** @example const code: CheckInCode = await callGateway(client, 'GET /bookings/:id/check-in', { params: { id } }) */
export type CheckInCode = v.InferOutput<typeof checkInCodeSchema>

/**
 * `POST /check-in/door` body: what the studio's door QR code carries (the `door` of the printed `/check-in?door=`
 * URL), and which members to check in when several are booked now (absent: all of them if there is one, else the
 * answer asks to choose).
 */
export const doorCheckInRequestSchema = v.object(
  {
    door: v.pipe(v.string('door 必须是文字'), v.minLength(1, 'door 不能为空'), v.maxLength(200, 'door 太长')),
    memberIds: v.optional(v.pipe(v.array(idNumber('memberIds')), v.maxLength(RULES.maxMembers))),
  },
  missingField({ door: 'door 不能为空' }),
)
/** @example const body: DoorCheckInRequest = { door: 'XDD1.10001.…', memberIds: [12] } */
export type DoorCheckInRequest = v.InferInput<typeof doorCheckInRequestSchema>

/**
 * `POST /check-in/door` answer: the bookings checked in now, or (several members booked and none chosen) the ones
 * to choose among, nothing checked in yet.
 */
export const doorCheckInResultSchema = v.object({
  checkedIn: v.array(bookingSchema),
  choose: v.array(bookingSchema),
})
/** @example const { checkedIn, choose }: DoorCheckInResult = result */
export type DoorCheckInResult = v.InferOutput<typeof doorCheckInResultSchema>

/**
 * One invitation of the customer's (`GET /me/invitations`): the invited friend's phone, masked, and where it stands:
 * `pending` (signed up, no class attended yet), `rewarded` (attended: a free class credit went to the sharer), or
 * `not-eligible` with `reason`: `existing-customer` (the phone was the studio's already), `same-wechat` (another
 * account of the same WeChat), `self`, or `expired` (no class attended within `RULES.invitationDays` of signing up).
 */
export const invitationSchema = v.object({
  phone: v.string(),
  status: v.picklist(['pending', 'rewarded', 'not-eligible']),
  reason: v.nullable(v.picklist(['existing-customer', 'same-wechat', 'self', 'expired'])),
  invitedAt: instant,
  rewardedAt: v.nullable(instant),
})
/** @example const invitation: Invitation = invitations.list[0] */
export type Invitation = v.InferOutput<typeof invitationSchema>

/** `GET /me/invitations`: the customer's invitations, newest first, and whether the studio rewards them now. */
export const invitationListSchema = v.object({ rewardOn: v.boolean(), list: v.array(invitationSchema) })
/** @example const { list }: InvitationList = await callGateway(client, 'GET /me/invitations', {}) */
export type InvitationList = v.InferOutput<typeof invitationListSchema>

/**
 * `POST /bookings/:id/rating` body: 1 to 5 stars and an optional plain-text comment (at most
 * `RULES.ratingCommentMaxLength` characters once trimmed). Once per booking of an attended class, within
 * `RULES.ratingWindowDays` of its end; the same call changes it within `RULES.ratingEditHours`.
 */
export const ratingRequestSchema = v.object(
  {
    stars: v.pipe(
      v.number('stars 必须是 1 到 5 的整数'),
      v.integer('stars 必须是 1 到 5 的整数'),
      v.minValue(1, 'stars 必须是 1 到 5 的整数'),
      v.maxValue(5, 'stars 必须是 1 到 5 的整数'),
    ),
    comment: v.optional(
      v.pipe(
        v.string('comment 必须是文字'),
        v.trim(),
        v.maxLength(RULES.ratingCommentMaxLength, `评价最多 ${RULES.ratingCommentMaxLength} 个字`),
      ),
      '',
    ),
  },
  missingField({ stars: 'stars 必须是 1 到 5 的整数' }),
)
/** @example const body: RatingRequest = { stars: 5, comment: '节奏很好' } */
export type RatingRequest = v.InferInput<typeof ratingRequestSchema>

/**
 * The signed-in customer: sign-in, themselves, their cards and bookings. One row per call, keyed by its method and path (see `Endpoint`).
 */
export const accountCalls = {
  'POST /auth/sms': { auth: 'none', body: smsRequestSchema, answer: smsResultSchema },
  'POST /auth/login': { auth: 'none', body: loginRequestSchema, answer: loginResultSchema },
  'POST /auth/logout': { auth: 'optional', answer: v.null() },
  'GET /me': { auth: 'required', answer: meSchema },
  'POST /me/profile': { auth: 'required', body: updateProfileSchema, answer: meSchema },
  'GET /me/members': { auth: 'required', answer: memberListSchema },
  'GET /me/invitations': { auth: 'required', answer: invitationListSchema },
  'POST /me/members': { auth: 'required', idempotent: true, body: memberInputSchema, answer: memberSchema },
  'POST /me/members/:id': {
    auth: 'required',
    params: idParamSchema,
    body: memberInputSchema,
    answer: memberSchema,
  },
  'POST /me/members/:id/remove': {
    auth: 'required',
    idempotent: true,
    params: idParamSchema,
    answer: memberListSchema,
  },
  'GET /cards': { auth: 'required', answer: cardListSchema },
  'GET /cards/:id/uses': { auth: 'required', params: idParamSchema, answer: cardUsesSchema },
  'GET /bookings': { auth: 'required', answer: bookingsSchema },
  'POST /bookings': { auth: 'required', idempotent: true, body: bookRequestSchema, answer: bookingSchema },
  'POST /bookings/:id/cancel': {
    auth: 'required',
    idempotent: true,
    params: idParamSchema,
    answer: bookingSchema,
  },
  'POST /bookings/:id/rating': {
    auth: 'required',
    idempotent: true,
    params: idParamSchema,
    body: ratingRequestSchema,
    answer: bookingSchema,
  },
  'POST /bookings/:id/rating/dismiss': { auth: 'required', params: idParamSchema, answer: bookingSchema },
  'GET /bookings/:id/check-in': { auth: 'required', params: idParamSchema, answer: checkInCodeSchema },
  'POST /check-in/door': {
    auth: 'required',
    idempotent: true,
    body: doorCheckInRequestSchema,
    answer: doorCheckInResultSchema,
  },
} as const satisfies Record<EndpointKey, Endpoint>
