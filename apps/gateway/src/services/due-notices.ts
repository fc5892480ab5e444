import { RULES } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { creditsEn, noticeTime, noticeTimeEn, writeNotice } from './notices'
import { cardNameEn, classLine, classLineEn } from './seating'

const EXPIRY_NOTICE_MS = RULES.cardExpiryNoticeDays * 24 * 60 * 60_000

/**
 * Writes every time-based notice due at `now`, computed from the database (not from timers), so a gateway that
 * was down catches up when it starts: the reminder of each live booking whose class starts within
 * the studio's lead time (its `orgs.reminder_minutes`, or where it set none the gateway's `ctx.reminderMinutes`, default
 * `RULES.reminderMinutes`; and has not started), and the expiry warning of each card with credits left that
 * expires within `RULES.cardExpiryNoticeDays`. Each is keyed, so it is written once however often this runs.
 */
export function writeDueNotices(ctx: GatewayContext, now: number): number {
  return ctx.db.transaction(() => {
    let written = 0
    const reminders = ctx.db.all<{
      id: number
      customer_id: number
      class_id: number
      title: string
      title_en: string
      starts_at: number
      member_name: string
      member_self: number
    }>(
      `SELECT b.id, b.customer_id, b.class_id, k.title, COALESCE(NULLIF(k.title_en, ''), k.title) AS title_en, k.starts_at,
         m.name AS member_name, m.self AS member_self
       FROM bookings b JOIN classes k ON k.id = b.class_id JOIN orgs o ON o.id = k.org_id
       JOIN members m ON m.id = b.member_id
       WHERE b.status = 'booked' AND k.starts_at > ? AND k.starts_at - COALESCE(o.reminder_minutes, ?) * 60000 <= ?
         AND NOT EXISTS (SELECT 1 FROM notices n WHERE n.dedupe_key = 'class-reminder:booking:' || b.id)
       ORDER BY k.starts_at, b.id`,
      now,
      ctx.reminderMinutes,
      now,
    )
    for (const booking of reminders) {
      // A reminder of a family member's class names them (the parent holds the phone).
      const whose = booking.member_self === 1 ? '' : `「${booking.member_name}」的课程`
      const whoseEn = booking.member_self === 1 ? 'Your class' : `${booking.member_name}'s class`
      const wrote = writeNotice(
        ctx,
        {
          customerId: booking.customer_id,
          kind: 'class-reminder',
          key: `class-reminder:booking:${booking.id}`,
          title: '上课提醒',
          body: `${whose}${classLine(booking)} 就要开始了，请提前 10 分钟到场。`,
          titleEn: 'Class reminder',
          bodyEn: `${whoseEn} ${classLineEn(booking)} starts soon; please arrive 10 minutes early.`,
          classId: booking.class_id,
        },
        now,
      )
      if (wrote) written++
    }
    const cards = ctx.db.all<{
      id: number
      customer_id: number
      name: string
      name_en: string
      credits_left: number
      valid_until: number
    }>(
      `SELECT c.id, c.customer_id, c.name, c.name_en, c.credits_left, c.valid_until FROM cards c
       WHERE c.credits_left > 0 AND c.valid_from <= ? AND c.valid_until > ? AND c.valid_until - ? <= ?
         AND NOT EXISTS (SELECT 1 FROM notices n WHERE n.dedupe_key = 'card-expiring:card:' || c.id)
       ORDER BY c.valid_until, c.id`,
      now,
      now,
      EXPIRY_NOTICE_MS,
      now,
    )
    for (const card of cards) {
      const wrote = writeNotice(
        ctx,
        {
          customerId: card.customer_id,
          kind: 'card-expiring',
          key: `card-expiring:card:${card.id}`,
          title: '会员卡即将到期',
          body: `你的「${card.name}」还剩 ${card.credits_left} 次，将于 ${noticeTime(card.valid_until)} 到期，请尽快使用。`,
          titleEn: 'Card expiring soon',
          bodyEn: `Your "${cardNameEn(card)}" has ${creditsEn(card.credits_left)} left and expires on ${noticeTimeEn(card.valid_until)}; use them soon.`,
          cardId: card.id,
        },
        now,
      )
      if (wrote) written++
    }
    return written
  })
}
