import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { type CheckInCode, RULES, toStudioIso } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { returnCredits } from './cards'
import { rewardInviter } from './invitations'
import { memberNameSql } from './members'

// Check-in at the studio's door (issue 30), both ways round. The customer's phone shows a code for the booking that
// the front desk scans (`XDC1.<org>.<booking>.<issued>.<mac>`), short-lived so a screenshot goes stale; or the
// customer's phone scans the studio's printed door code (`XDD1.<org>.<mac>`), and the signed-in customer's bookings
// open now are checked in. Both are signed with a key of the gateway's kept in the database (made once, shared by
// every process on it, kept across restarts).

/** How long one check-in code lives (the contract's rule: the page asks for a fresh one at half of it). */
export const CHECK_IN_CODE_TTL_MS = RULES.checkInCodeTtlMs

const CODE_RE = /^XDC1\.([\w-]{1,40})\.(\d{1,15})\.(\d{1,15})\.([\w-]{22})$/
const DOOR_RE = /^XDD1\.([\w-]{1,40})\.([\w-]{22})$/

function checkInKey(ctx: GatewayContext): Buffer {
  ctx.db.run(
    "INSERT INTO gateway_secrets (name, value) VALUES ('check-in', ?) ON CONFLICT DO NOTHING",
    randomBytes(32).toString('base64url'),
  )
  const row = ctx.db.get<{ value: string }>("SELECT value FROM gateway_secrets WHERE name = 'check-in'")
  return Buffer.from(row?.value ?? '')
}

// 16 bytes of HMAC-SHA256 (22 base64url characters): short enough for a QR code a cheap scanner reads at once.
const mac = (ctx: GatewayContext, text: string) =>
  createHmac('sha256', checkInKey(ctx)).update(text).digest().subarray(0, 16).toString('base64url')

const sameMac = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** The studio's check-in rules. */
export interface CheckInRules {
  orgId: string
  beforeMs: number
  afterMs: number
  missedClass: 'forfeit' | 'return'
}

/** The studio's check-in window and missed-class rule (the one studio of this gateway). */
export function checkInRules(ctx: GatewayContext): CheckInRules {
  const org = ctx.db.get<{
    id: string
    check_in_before_minutes: number
    check_in_after_minutes: number
    missed_class: 'forfeit' | 'return'
  }>('SELECT id, check_in_before_minutes, check_in_after_minutes, missed_class FROM orgs ORDER BY id LIMIT 1')
  if (!org) throw new Refusal('NOT_FOUND', { msg: '机构信息不存在' })
  return {
    orgId: org.id,
    beforeMs: org.check_in_before_minutes * 60_000,
    afterMs: org.check_in_after_minutes * 60_000,
    missedClass: org.missed_class,
  }
}

/** When check-in for a class starting at `startsAt` opens and closes. */
export const checkInWindow = (rules: CheckInRules, startsAt: number) => ({
  opensAt: startsAt - rules.beforeMs,
  closesAt: startsAt + rules.afterMs,
})

interface CheckInBooking {
  id: number
  customer_id: number
  member_id: number
  member_name: string
  class_title: string
  status: 'booked' | 'cancelled'
  starts_at: number
  checked_in_at: number | null
}

const loadCheckInBooking = (ctx: GatewayContext, bookingId: number) =>
  ctx.db.get<CheckInBooking>(
    `SELECT b.id, b.customer_id, b.member_id, ${memberNameSql('m', 'c')} AS member_name,
       k.title AS class_title, b.status, k.starts_at, b.checked_in_at
     FROM bookings b JOIN classes k ON k.id = b.class_id JOIN members m ON m.id = b.member_id
     JOIN customers c ON c.id = m.customer_id
     WHERE b.id = ?`,
    bookingId,
  )

/** Too early, saying when check-in opens (studio time), in the message a page shows as it is. */
const tooEarly = (opensAt: number) => {
  const time = toStudioIso(opensAt).slice(11, 16)
  return new Refusal('CHECK_IN_TOO_EARLY', {
    msg: `还没到签到时间，${time} 开始签到`,
    tips: `签到从 ${time} 开始`,
    data: { opensAt: toStudioIso(opensAt) },
  })
}

/** Refuses a booking that cannot be checked in now: cancelled, already in, too early or too late. */
function checkOpen(booking: CheckInBooking, rules: CheckInRules, now: number): void {
  if (booking.status !== 'booked') throw new Refusal('CHECK_IN_CANCELLED')
  if (booking.checked_in_at !== null) {
    throw new Refusal('CHECK_IN_REPLAYED', { data: { checkedInAt: toStudioIso(booking.checked_in_at) } })
  }
  const window = checkInWindow(rules, booking.starts_at)
  if (now < window.opensAt) {
    throw tooEarly(window.opensAt)
  }
  if (now > window.closesAt) {
    throw new Refusal('CHECK_IN_EXPIRED', {
      msg: '已过签到时间',
      tips: '请联系前台',
      data: { closesAt: toStudioIso(window.closesAt) },
    })
  }
}

/**
 * The customer's check-in code for one of their bookings: refused (with its own code) when the booking cannot be
 * checked in now, so a code is only ever shown while it works.
 */
export function checkInCode(ctx: GatewayContext, customerId: number, bookingId: number): CheckInCode {
  const booking = loadCheckInBooking(ctx, bookingId)
  if (!booking || booking.customer_id !== customerId) throw new Refusal('NOT_FOUND', { msg: '预约不存在' })
  const rules = checkInRules(ctx)
  const now = ctx.now()
  checkOpen(booking, rules, now)
  const text = `XDC1.${rules.orgId}.${booking.id}.${Math.floor(now / 1000)}`
  const window = checkInWindow(rules, booking.starts_at)
  return {
    bookingId: booking.id,
    payload: `${text}.${mac(ctx, text)}`,
    expiresAt: toStudioIso(Math.min(now + CHECK_IN_CODE_TTL_MS, window.closesAt)),
    opensAt: toStudioIso(window.opensAt),
    closesAt: toStudioIso(window.closesAt),
  }
}

/** Whom a check-in let in. */
export interface CheckedIn {
  bookingId: number
  memberName: string
  classTitle: string
  checkedInAt: string
}

// The one write of a check-in, guarded: of two scans at once, one wins and the other is a replay.
function markCheckedIn(ctx: GatewayContext, booking: CheckInBooking, by: 'desk' | 'door', now: number): void {
  const done = ctx.db.run(
    `UPDATE bookings SET checked_in_at = ?, checked_in_by = ?, attendance = 'attended'
     WHERE id = ? AND status = 'booked' AND checked_in_at IS NULL`,
    now,
    by,
    booking.id,
  )
  if (done.changes !== 1) throw new Refusal('CHECK_IN_REPLAYED')
  rewardInviter(ctx, booking.customer_id, now)
}

/**
 * The front desk scanned `payload` (the emulated scanner, `POST /__dev/front-desk/check-in`): checks in the booking
 * it names, or refuses a forged, foreign-studio, expired, replayed, cancelled or not-yet-open code with its own
 * error code. `deskOrgId` is the studio whose desk scanned (default: this gateway's).
 */
export function scanCheckInCode(ctx: GatewayContext, payload: string, deskOrgId?: string): CheckedIn {
  const match = CODE_RE.exec(payload.trim())
  if (!match) throw new Refusal('CHECK_IN_FORGED')
  const [, orgId, bookingText, issuedText, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ]
  if (!sameMac(signature, mac(ctx, `XDC1.${orgId}.${bookingText}.${issuedText}`))) {
    throw new Refusal('CHECK_IN_FORGED')
  }
  const rules = checkInRules(ctx)
  if (orgId !== (deskOrgId ?? rules.orgId)) throw new Refusal('CHECK_IN_FOREIGN_STUDIO')
  return ctx.db.transaction(() => {
    const now = ctx.now()
    const booking = loadCheckInBooking(ctx, Number(bookingText))
    if (!booking) throw new Refusal('CHECK_IN_FORGED')
    // A code scanned twice is a replay, however old: that answer tells the desk the member is already in.
    if (booking.status === 'booked' && booking.checked_in_at !== null) checkOpen(booking, rules, now)
    if (booking.status === 'booked' && now > Number(issuedText) * 1000 + CHECK_IN_CODE_TTL_MS) {
      throw new Refusal('CHECK_IN_EXPIRED')
    }
    checkOpen(booking, rules, now)
    markCheckedIn(ctx, booking, 'desk', now)
    return {
      bookingId: booking.id,
      memberName: booking.member_name,
      classTitle: booking.class_title,
      checkedInAt: toStudioIso(now),
    }
  })
}

/**
 * The studio's door code (`GET /__dev/front-desk/door` answers it): the URL a studio prints, `/check-in?door=…`,
 * opened by WeChat's scanner. It never changes: what it names is the studio, and what is checked in depends on
 * who opens it and when.
 */
export function doorCode(ctx: GatewayContext): { door: string; path: string } {
  const { orgId } = checkInRules(ctx)
  const text = `XDD1.${orgId}`
  const door = `${text}.${mac(ctx, text)}`
  return { door, path: `/check-in?door=${encodeURIComponent(door)}` }
}

/** Refuses a door code that is not this studio's, or not one at all. */
export function checkDoor(ctx: GatewayContext, door: string): void {
  const match = DOOR_RE.exec(door.trim())
  if (!match) throw new Refusal('CHECK_IN_FORGED')
  const [, orgId, signature] = match as unknown as [string, string, string]
  if (!sameMac(signature, mac(ctx, `XDD1.${orgId}`))) throw new Refusal('CHECK_IN_FORGED')
  if (orgId !== checkInRules(ctx).orgId) throw new Refusal('CHECK_IN_FOREIGN_STUDIO')
}

/**
 * The signed-in customer opened the studio's door code: the ids of their live bookings whose check-in is open now
 * (chosen by member when `memberIds` is given), checked in. Several members booked and none chosen: nothing is
 * checked in, and the bookings to choose among are answered. None open now: refused, saying when the next opens.
 */
export function checkInAtDoor(
  ctx: GatewayContext,
  customerId: number,
  door: string,
  memberIds: readonly number[] | undefined,
): { checkedIn: number[]; choose: number[] } {
  checkDoor(ctx, door)
  const rules = checkInRules(ctx)
  return ctx.db.transaction(() => {
    const now = ctx.now()
    const open = ctx.db.all<{ id: number; member_id: number }>(
      `SELECT b.id, b.member_id FROM bookings b JOIN classes k ON k.id = b.class_id
       WHERE b.customer_id = ? AND b.status = 'booked' AND b.checked_in_at IS NULL AND k.cancelled_at IS NULL
         AND k.starts_at - ? <= ? AND k.starts_at + ? >= ?
       ORDER BY k.starts_at, b.id`,
      customerId,
      rules.beforeMs,
      now,
      rules.afterMs,
      now,
    )
    if (open.length === 0) throw nothingOpen(ctx, customerId, rules, now)
    const members = new Set(open.map((booking) => booking.member_id))
    if (memberIds === undefined && members.size > 1) return { checkedIn: [], choose: open.map((b) => b.id) }
    const chosen = memberIds === undefined ? open : open.filter((b) => memberIds.includes(b.member_id))
    if (chosen.length === 0) throw nothingOpen(ctx, customerId, rules, now)
    for (const booking of chosen) {
      ctx.db.run(
        `UPDATE bookings SET checked_in_at = ?, checked_in_by = 'door', attendance = 'attended'
         WHERE id = ? AND checked_in_at IS NULL`,
        now,
        booking.id,
      )
    }
    rewardInviter(ctx, customerId, now)
    return { checkedIn: chosen.map((b) => b.id), choose: [] }
  })
}

// Nothing to check in: "too early" with the next opening when a booking of today is still to come, else the plain
// refusal (already checked in, or nothing booked now).
function nothingOpen(ctx: GatewayContext, customerId: number, rules: CheckInRules, now: number): Refusal {
  const next = ctx.db.get<{ starts_at: number }>(
    `SELECT k.starts_at FROM bookings b JOIN classes k ON k.id = b.class_id
     WHERE b.customer_id = ? AND b.status = 'booked' AND b.checked_in_at IS NULL AND k.cancelled_at IS NULL
       AND k.starts_at - ? > ? AND k.starts_at - ? < ?
     ORDER BY k.starts_at LIMIT 1`,
    customerId,
    rules.beforeMs,
    now,
    rules.beforeMs,
    now + 24 * 60 * 60_000,
  )
  if (next) {
    return tooEarly(next.starts_at - rules.beforeMs)
  }
  return new Refusal('NOTHING_TO_CHECK_IN')
}

/**
 * Settles the bookings of classes that ended without a check-in: each becomes `missed` once (a guarded update, so a
 * scheduler run after a restart, or two runs at once, counts it once), and under the studio's `return` rule its
 * credits go back to its card in the same write. Answers how many were settled.
 */
export function settleMissedClasses(ctx: GatewayContext, now: number): number {
  const rules = checkInRules(ctx)
  const due = ctx.db.all<{ id: number; card_id: number; credits: number }>(
    `SELECT b.id, b.card_id, b.credits FROM bookings b JOIN classes k ON k.id = b.class_id
     WHERE b.status = 'booked' AND b.attendance IS NULL AND k.ends_at <= ? AND k.cancelled_at IS NULL
     ORDER BY b.id LIMIT 500`,
    now,
  )
  let settled = 0
  for (const booking of due) {
    ctx.db.transaction(() => {
      const marked = ctx.db.run(
        "UPDATE bookings SET attendance = 'missed' WHERE id = ? AND attendance IS NULL AND status = 'booked'",
        booking.id,
      )
      if (marked.changes !== 1) return
      settled++
      if (rules.missedClass === 'return') {
        returnCredits(ctx, booking.card_id, booking.credits)
      }
    })
  }
  return settled
}
