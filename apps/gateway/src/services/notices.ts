import {
  type DataLanguage,
  type Notice,
  type NoticeClass,
  type NoticeKind,
  type NoticeList,
  studioParts,
  toStudioIso,
} from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import { inLanguage, localized } from '../db/localized'
import type { Customer } from './customer'

/**
 * How each kind of notice would leave the studio: a WeChat template message when the account has WeChat (an openId
 * WeChat issued), an SMS otherwise; the template is named after the kind (`TM_BOOKING_CONFIRMED`,
 * `SMS_BOOKING_CONFIRMED`). `sms` kinds always go by SMS: the account's WeChat is someone else's now.
 */
export const NOTICE_SMS_ONLY: ReadonlySet<NoticeKind> = new Set<NoticeKind>(['wechat-moved'])

/** The channel and template of a notice of `kind` to an account with `openId`. */
export function noticeRoute(
  kind: NoticeKind,
  openId: string | undefined,
): { channel: 'sms' | 'wechat'; templateId: string } {
  // A customer without WeChat gets an `o_…` id of the gateway's own (see `freshOpenId`), never one WeChat issues.
  const channel = openId && !openId.startsWith('o_') && !NOTICE_SMS_ONLY.has(kind) ? 'wechat' : 'sms'
  const name = kind.toUpperCase().replace(/-/g, '_')
  return { channel, templateId: `${channel === 'wechat' ? 'TM' : 'SMS'}_${name}` }
}

/**
 * A notice to write: `key` makes it once-only (`reminder:booking:123`); a second write with the same key is a no-op.
 * Every notice is written in Chinese and English (the list answers in the language asked); the outbox message
 * (SMS or template message) carries the Chinese.
 */
export interface NoticeDraft {
  customerId: number
  kind: NoticeKind
  key: string
  title: string
  body: string
  titleEn: string
  bodyEn: string
  classId?: number | null
  orderId?: number | null
  cardId?: number | null
}

/**
 * Writes a notice and its outbox row (the message that would go out), once per key: returns `false` when a
 * notice with that key already exists. Call it inside the transaction of what it announces, so that the notice
 * exists exactly when the change does.
 */
export function writeNotice(ctx: GatewayContext, draft: NoticeDraft, now = ctx.now()): boolean {
  const inserted = ctx.db.run(
    `INSERT INTO notices (customer_id, kind, dedupe_key, title, body, title_en, body_en, class_id, order_id,
       card_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    draft.customerId,
    draft.kind,
    draft.key,
    draft.title,
    draft.body,
    draft.titleEn,
    draft.bodyEn,
    draft.classId ?? null,
    draft.orderId ?? null,
    draft.cardId ?? null,
    now,
  )
  if (inserted.changes !== 1) return false
  const customer = ctx.db.get<{ phone: string; open_id: string }>(
    'SELECT phone, open_id FROM customers WHERE id = ?',
    draft.customerId,
  )
  const route = noticeRoute(draft.kind, customer?.open_id)
  ctx.db.run(
    `INSERT INTO outbox (notice_id, channel, recipient, template_id, payload, state, created_at)
     VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
    inserted.lastId,
    route.channel,
    (route.channel === 'sms' ? customer?.phone : customer?.open_id) ?? '',
    route.templateId,
    JSON.stringify({
      title: draft.title,
      body: draft.body,
      classId: draft.classId ?? null,
      orderId: draft.orderId ?? null,
      cardId: draft.cardId ?? null,
    }),
    now,
  )
  return true
}

/** `6月3日 19:00`: how a notice names a class's start. */
export function noticeTime(ms: number): string {
  const parts = studioParts(ms)
  return parts ? `${parts.month}月${parts.day}日 ${parts.hhmm}` : ''
}

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * `Jun 3 19:00`: {@link noticeTime} in English, as the app spells a date in English (studio time, fixed text: a
 * notice is written once, read later).
 */
export function noticeTimeEn(ms: number): string {
  const parts = studioParts(ms)
  return parts ? `${MONTHS_EN[parts.month - 1] ?? ''} ${parts.day} ${parts.hhmm}` : ''
}

const YUAN_EN = {
  whole: new Intl.NumberFormat('en', {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  }),
  fen: new Intl.NumberFormat('en', {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  }),
}

/** An amount in fen as an English notice writes it, as the app shows money: `¥880`, `¥39.90`, `¥1,580`. */
export const yuanEn = (fen: number) => (fen % 100 === 0 ? YUAN_EN.whole : YUAN_EN.fen).format(fen / 100)

/** `1 class`, `3 classes`: a number of credits in an English notice. */
export const creditsEn = (n: number) => `${n} ${n === 1 ? 'class' : 'classes'}`

interface NoticeRow {
  id: number
  kind: NoticeKind
  title: string
  body: string
  title_en: string
  body_en: string
  class_id: number | null
  order_id: number | null
  card_id: number | null
  created_at: number
  read_at: number | null
}

const toNotice = (row: NoticeRow, klass: NoticeClass | null, lang: DataLanguage): Notice => ({
  id: row.id,
  kind: row.kind,
  title: inLanguage(row.title, row.title_en, lang),
  body: inLanguage(row.body, row.body_en, lang),
  classId: row.class_id,
  orderId: row.order_id,
  cardId: row.card_id,
  class: klass,
  createdAt: new Date(row.created_at).toISOString(),
  read: row.read_at !== null,
})

/** The class a notice is about as it stands now, and where the customer stands on it; `null` for none. */
function classNow(
  ctx: GatewayContext,
  customerId: number,
  classId: number | null,
  lang: DataLanguage,
): NoticeClass | null {
  if (classId === null) return null
  const klass = ctx.db.get<{
    title: string
    starts_at: number
    ends_at: number
    room: string
    cancelled_at: number | null
  }>(
    `SELECT ${localized('title', lang)} AS title, starts_at, ends_at, ${localized('room', lang)} AS room, cancelled_at
     FROM classes WHERE id = ?`,
    classId,
  )
  if (!klass) return null
  const booking = ctx.db.get<{ status: 'booked' | 'cancelled' }>(
    'SELECT status FROM bookings WHERE customer_id = ? AND class_id = ? ORDER BY id DESC LIMIT 1',
    customerId,
    classId,
  )
  const waiting = ctx.db.get<{ id: number }>(
    "SELECT id FROM waitlist WHERE customer_id = ? AND class_id = ? AND status = 'waiting'",
    customerId,
    classId,
  )
  return {
    title: klass.title,
    startsAt: toStudioIso(klass.starts_at),
    room: klass.room,
    ended: ctx.now() >= klass.ends_at,
    cancelled: klass.cancelled_at !== null,
    mine: booking?.status === 'booked' ? 'booked' : waiting ? 'waiting' : (booking?.status ?? 'none'),
  }
}

/** How many of the customer's notices are unread. */
export function unreadNotices(ctx: GatewayContext, customerId: number): number {
  return (
    ctx.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM notices WHERE customer_id = ? AND read_at IS NULL',
      customerId,
    )?.n ?? 0
  )
}

/** The customer's notices, newest first (the latest 100), and how many are unread; their texts in `lang`. */
export function listNotices(ctx: GatewayContext, customer: Customer, lang: DataLanguage = 'zh'): NoticeList {
  const rows = ctx.db.all<NoticeRow>(
    'SELECT * FROM notices WHERE customer_id = ? ORDER BY created_at DESC, id DESC LIMIT 100',
    customer.id,
  )
  return {
    list: rows.map((row) => toNotice(row, classNow(ctx, customer.id, row.class_id, lang), lang)),
    unread: unreadNotices(ctx, customer.id),
  }
}

/** Marks one of the customer's notices read (reading it again changes nothing). */
export function markNoticeRead(
  ctx: GatewayContext,
  customer: Customer,
  noticeId: number,
  lang: DataLanguage = 'zh',
): Notice {
  ctx.db.run(
    'UPDATE notices SET read_at = ? WHERE id = ? AND customer_id = ? AND read_at IS NULL',
    ctx.now(),
    noticeId,
    customer.id,
  )
  const row = ctx.db.get<NoticeRow>(
    'SELECT * FROM notices WHERE id = ? AND customer_id = ?',
    noticeId,
    customer.id,
  )
  if (!row) throw new Refusal('NOT_FOUND', { msg: '通知不存在' })
  return toNotice(row, classNow(ctx, customer.id, row.class_id, lang), lang)
}

/** Marks every unread notice of the customer read. */
export function markAllNoticesRead(ctx: GatewayContext, customer: Customer): { updated: number } {
  const { changes } = ctx.db.run(
    'UPDATE notices SET read_at = ? WHERE customer_id = ? AND read_at IS NULL',
    ctx.now(),
    customer.id,
  )
  return { updated: changes }
}
