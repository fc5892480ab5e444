import { type Me, maskPhone } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import type { Customer } from './auth'
import { unreadNotices } from './notices'

/** The signed-in customer's own view of themselves. */
export function getMe(ctx: GatewayContext, customer: Customer): Me {
  const now = ctx.now()
  const activeCards =
    ctx.db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM cards WHERE customer_id = ? AND valid_from <= ? AND valid_until > ?
         AND credits_left > 0`,
      customer.id,
      now,
      now,
    )?.n ?? 0
  const upcomingBookings =
    ctx.db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM bookings b JOIN classes k ON k.id = b.class_id
       WHERE b.customer_id = ? AND b.status = 'booked' AND k.starts_at > ?`,
      customer.id,
      now,
    )?.n ?? 0
  return {
    userId: String(customer.id),
    openId: customer.openId,
    orgId: customer.orgId,
    phone: maskPhone(customer.phone),
    nickname: customer.nickname,
    createdAt: new Date(customer.createdAt).toISOString(),
    activeCards,
    upcomingBookings,
    unreadNotices: unreadNotices(ctx, customer.id),
  }
}

/** Changes the name the studio calls the signed-in customer by (already trimmed, 1–20 characters: the contract's). */
export function updateProfile(ctx: GatewayContext, customer: Customer, nickname: string): Me {
  ctx.db.run('UPDATE customers SET nickname = ? WHERE id = ?', nickname, customer.id)
  return getMe(ctx, { ...customer, nickname })
}
