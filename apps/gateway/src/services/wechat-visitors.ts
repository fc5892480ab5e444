import type { GatewayContext } from '../context'
import type { Customer } from './auth'

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
  /** The visitor's WeChat openId, as the code exchange gave it. */
  openId?: string | undefined
  /** The app-mode invite id stored on the device. */
  inviteId?: string | undefined
}

const isWechatOpenId = (ctx: GatewayContext, openId: string) =>
  ctx.db.get<{ open_id: string }>('SELECT open_id FROM wechat_visitors WHERE open_id = ?', openId) !==
  undefined

/**
 * Binds the visitor's WeChat openId to the customer signing in (call inside the sign-in's transaction), so that
 * the sign-in answer, and every report and mark after it, carries the same openId as before it. Bound only when
 * WeChat vouched for it (an earlier code exchange), no other customer holds it, and the customer has no WeChat
 * openId yet: a customer keeps the first WeChat identity they signed in with. Records `inviteId` as who invited a
 * customer this sign-in created. Returns the customer as it now is.
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
  const openId = extras.openId
  if (!openId || openId === customer.openId) return customer
  if (!isWechatOpenId(ctx, openId) || isWechatOpenId(ctx, customer.openId)) return customer
  const holder = ctx.db.get<{ id: number }>('SELECT id FROM customers WHERE open_id = ?', openId)
  if (holder) return customer
  ctx.db.run('UPDATE customers SET open_id = ? WHERE id = ?', openId, customer.id)
  return { ...customer, openId }
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
