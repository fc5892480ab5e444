import { type InvitationList, maskPhone, RULES, toStudioIso } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { writeNotice } from './notices'

// Invitations that reward the sharer (issue 31). A share link carries its sharer's userId; a visitor who signs up
// from it (a phone the studio has never seen) is the sharer's invitation, and once they attend a first class within
// RULES.invitationDays of signing up, the sharer gets a free class credit: a one-class card, exactly once per invited
// phone (a guarded update: replays, two tabs and two scanners give one).

const DAY_MS = 24 * 60 * 60_000
const WINDOW_MS = RULES.invitationDays * DAY_MS
/** How long the reward card is valid. */
const REWARD_DAYS = 90

type Reason = 'existing-customer' | 'same-wechat' | 'self' | 'expired'

/**
 * Records the invitation of a sign-up from a share link, before the sign-in binds its WeChat: a new phone is
 * `pending`; an existing customer, oneself, or a WeChat that is already another account's is `not-eligible`. An
 * unknown sharer is ignored; a phone is anyone's invitation once.
 */
export function recordInvitation(
  ctx: GatewayContext,
  invitee: { id: number; phone: string; openId: string },
  sharer: string,
  created: boolean,
  provenOpenId: string | undefined,
): void {
  const sharerId = /^[1-9]\d{0,15}$/.test(sharer) ? Number(sharer) : Number.NaN
  const from = ctx.db.get<{ id: number; open_id: string }>(
    'SELECT id, open_id FROM customers WHERE id = ?',
    sharerId,
  )
  if (!from) return
  let reason: Reason | null = null
  if (from.id === invitee.id) reason = 'self'
  else if (!created) reason = 'existing-customer'
  else if (
    provenOpenId !== undefined &&
    ctx.db.get('SELECT id FROM customers WHERE open_id = ? AND id <> ?', provenOpenId, invitee.id) !==
      undefined
  ) {
    reason = 'same-wechat'
  }
  // An existing customer's sign-ins are told once, not at each visit from a link.
  ctx.db.run(
    `INSERT INTO invitations (invitee_id, sharer_id, phone, status, reason, created_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    invitee.id,
    from.id,
    invitee.phone,
    reason === null ? 'pending' : 'not-eligible',
    reason,
    ctx.now(),
  )
  ctx.log(`invitation of customer ${invitee.id} by customer ${from.id}: ${reason ?? 'pending'}`)
}

/**
 * The invitee attended a class: rewards their sharer once (a one-class card and a notice) when the studio rewards
 * invitations and it is within RULES.invitationDays of the sign-up; past it, the invitation lapses. Inside the
 * check-in's transaction.
 */
export function rewardInviter(ctx: GatewayContext, inviteeId: number, now: number): void {
  const invitation = ctx.db.get<{ sharer_id: number; phone: string; created_at: number }>(
    "SELECT sharer_id, phone, created_at FROM invitations WHERE invitee_id = ? AND status = 'pending'",
    inviteeId,
  )
  if (!invitation) return
  if (now > invitation.created_at + WINDOW_MS) {
    ctx.db.run(
      "UPDATE invitations SET status = 'not-eligible', reason = 'expired' WHERE invitee_id = ? AND status = 'pending'",
      inviteeId,
    )
    return
  }
  if (!rewardOn(ctx)) return
  const won = ctx.db.run(
    "UPDATE invitations SET status = 'rewarded', rewarded_at = ? WHERE invitee_id = ? AND status = 'pending'",
    now,
    inviteeId,
  )
  if (won.changes !== 1) return
  const cardId = ctx.db.run(
    `INSERT INTO cards (customer_id, name, name_en, credits_total, credits_left, valid_from, valid_until)
     VALUES (?, '邀请奖励（1 次）', 'Invitation reward (1 class)', 1, 1, ?, ?)`,
    invitation.sharer_id,
    now,
    now + REWARD_DAYS * DAY_MS,
  ).lastId
  ctx.db.run('UPDATE invitations SET reward_card_id = ? WHERE invitee_id = ?', cardId, inviteeId)
  writeNotice(
    ctx,
    {
      customerId: invitation.sharer_id,
      kind: 'invitation-rewarded',
      key: `invitation-rewarded:invitee:${inviteeId}`,
      title: '邀请奖励已到账',
      body: `你邀请的好友 ${maskPhone(invitation.phone)} 上了第一节课，送你 1 次课，已放入「邀请奖励（1 次）」。`,
      titleEn: 'Invitation reward',
      bodyEn: `Your friend ${maskPhone(invitation.phone)} took a first class: a free class is on your "Invitation reward (1 class)" card.`,
      cardId,
    },
    now,
  )
}

const rewardOn = (ctx: GatewayContext) =>
  (ctx.db.get<{ invite_reward: number }>('SELECT invite_reward FROM orgs ORDER BY id LIMIT 1')
    ?.invite_reward ?? 0) === 1

/** The customer's invitations, newest first (a lapsed pending one shows as expired). */
export function listInvitations(ctx: GatewayContext, customerId: number): InvitationList {
  const now = ctx.now()
  const rows = ctx.db.all<{
    phone: string
    status: 'pending' | 'rewarded' | 'not-eligible'
    reason: Reason | null
    created_at: number
    rewarded_at: number | null
  }>(
    'SELECT phone, status, reason, created_at, rewarded_at FROM invitations WHERE sharer_id = ? ORDER BY created_at DESC, invitee_id DESC',
    customerId,
  )
  return {
    rewardOn: rewardOn(ctx),
    list: rows.map((row) => {
      const lapsed = row.status === 'pending' && now > row.created_at + WINDOW_MS
      return {
        phone: maskPhone(row.phone),
        status: lapsed ? 'not-eligible' : row.status,
        reason: lapsed ? 'expired' : row.reason,
        invitedAt: toStudioIso(row.created_at),
        rewardedAt: row.rewarded_at === null ? null : toStudioIso(row.rewarded_at),
      }
    }),
  }
}
