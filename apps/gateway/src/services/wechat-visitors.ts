import type { GatewayContext } from '../core/context'
import type { Customer } from './customer'
import { recordInvitation } from './invitations'
import { bindProvenOpenId } from './wechat-identity'

/** Remembers an openId WeChat vouched for (a code exchange): only such an openId can be bound at sign-in. */
export function recordWechatVisitor(ctx: GatewayContext, openId: string): void {
  const now = ctx.now()
  ctx.db.run(
    `INSERT INTO wechat_visitors (open_id, first_seen_at, last_seen_at) VALUES (?, ?, ?)
     ON CONFLICT (open_id) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
    openId,
    now,
    now,
  )
}

/** What a sign-in may carry besides the phone and code. */
export interface SignInExtras {
  /** The openId this browser proved through WeChat's code exchange (the proof cookie), never a body's value. */
  provenOpenId?: string | undefined
  inviteId?: string | undefined
  /** The userId of the customer whose share link brought this sign-in (issue 31's invitations). */
  sharer?: string | undefined
}

/**
 * What a sign-in does besides the session: records who invited a new customer (and a share link's invitation), and binds the openId this browser
 * proved (`bindProvenOpenId`). Inside the sign-in's transaction.
 */
export function applySignInExtras(
  ctx: GatewayContext,
  customer: Customer,
  extras: SignInExtras,
  created: boolean,
): Customer {
  if (created && extras.inviteId) {
    ctx.db.run('UPDATE customers SET invited_by = ? WHERE id = ?', extras.inviteId, customer.id)
    ctx.log(`customer ${customer.id} signed up invited by ${JSON.stringify(extras.inviteId)}`)
  }
  // Before the binding: a WeChat that is another account's makes the invitation not eligible.
  if (extras.sharer) recordInvitation(ctx, customer, extras.sharer, created, extras.provenOpenId)
  return extras.provenOpenId ? bindProvenOpenId(ctx, customer, extras.provenOpenId) : customer
}

/**
 * Who invited a customer (the invite id of their first sign-in), or `undefined`.
 *
 * @example
 * ```ts
 * invitedBy(ctx, 20001) // '7'
 * ```
 */
export function invitedBy(ctx: GatewayContext, customerId: number): string | undefined {
  return (
    ctx.db.get<{ invited_by: string | null }>('SELECT invited_by FROM customers WHERE id = ?', customerId)
      ?.invited_by ?? undefined
  )
}
