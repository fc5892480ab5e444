import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { maskPhone } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import type { Customer } from './customer'
import { writeNotice } from './notices'

/** The cookie that proves this browser got an openId from WeChat's code exchange (httpOnly, under the prefix). */
export const WECHAT_PROOF_COOKIE = 'xdance-wx-proof'

/** How long the proof holds: a visitor who authorised in WeChat and signs in within this time is bound. */
export const WECHAT_PROOF_TTL_MS = 30 * 60_000

// The key that signs proofs lives in the database: made once, shared by every gateway process on the file, kept
// across restarts (a restart does not void the proofs in customers' browsers).
function proofKey(ctx: GatewayContext): Buffer {
  ctx.db.run(
    "INSERT INTO gateway_secrets (name, value) VALUES ('wechat-proof', ?) ON CONFLICT DO NOTHING",
    randomBytes(32).toString('base64url'),
  )
  const row = ctx.db.get<{ value: string }>("SELECT value FROM gateway_secrets WHERE name = 'wechat-proof'")
  return Buffer.from(row?.value ?? '')
}

const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url')

/**
 * The proof for an openId WeChat just gave this browser: `openId.expiry.signature`, signed with the gateway's key.
 *
 * @example
 * setCookie(c, WECHAT_PROOF_COOKIE, wechatProof(ctx, openId), { httpOnly: true, maxAge: 1800 })
 */
export function wechatProof(ctx: GatewayContext, openId: string): string {
  const text = `${openId}.${ctx.now() + WECHAT_PROOF_TTL_MS}`
  return `${text}.${mac(proofKey(ctx), text)}`
}

/** The openId a proof vouches for, or `undefined` when it is missing, forged, altered or expired. */
export function provenOpenId(ctx: GatewayContext, proof: string | undefined): string | undefined {
  const match = /^([A-Za-z0-9_-]{1,128})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(proof ?? '')
  if (!match) return undefined
  const [, openId = '', expiry = '', signature = ''] = match
  const expected = Buffer.from(mac(proofKey(ctx), `${openId}.${expiry}`))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
  return Number(expiry) > ctx.now() ? openId : undefined
}

/**
 * Binds an openId this browser proved (through WeChat's code exchange) to the customer who just signed in by SMS.
 * One openId is one account's: if another customer holds it, it moves here (this account's SMS sign-in is the
 * consent), the other account gets a fresh non-WeChat openId and a notice that says so. Call it inside the
 * sign-in's transaction.
 */
export function bindProvenOpenId(ctx: GatewayContext, customer: Customer, openId: string): Customer {
  if (openId === customer.openId) return customer
  const holder = ctx.db.get<{ id: number }>('SELECT id FROM customers WHERE open_id = ?', openId)
  if (holder) {
    ctx.db.run('UPDATE customers SET open_id = ? WHERE id = ?', freshOpenId(), holder.id)
    writeNotice(ctx, {
      customerId: holder.id,
      kind: 'wechat-moved',
      key: `wechat-moved:${holder.id}:${ctx.now()}`,
      title: '微信已绑定到其他账号',
      body: `你的微信已绑定到手机号 ${maskPhone(customer.phone)} 的账号，这个账号将不再收到微信消息。如非本人操作，请联系门店。`,
      titleEn: 'WeChat moved to another account',
      bodyEn: `Your WeChat is now linked to the account of ${maskPhone(customer.phone)}; this account will no longer get WeChat messages. If that was not you, please contact the studio.`,
    })
    ctx.log(`wechat openId moved from customer ${holder.id} to customer ${customer.id}`)
  }
  ctx.db.run('UPDATE customers SET open_id = ? WHERE id = ?', openId, customer.id)
  return { ...customer, openId }
}

/** An openId for a customer without WeChat: never one WeChat issues (those do not start with `o_`). */
export const freshOpenId = (): string => `o_${randomBytes(12).toString('base64url')}`
