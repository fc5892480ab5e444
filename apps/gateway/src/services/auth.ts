import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { AUTH_HEAD, type DevSms, type LoginResult, maskPhone, RULES, type SmsResult } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'
import type { Messages } from '../parties/messages/messages-port'
import { type AuthLimit, recordAuthEvent, retryAfter, roomLeft, WINDOWS, waitTips } from './auth-limits'
import { type Customer, type CustomerRow, toCustomer } from './customer'
import { freshOpenId } from './wechat-identity'
import { applySignInExtras, type SignInExtras } from './wechat-visitors'

export type { Customer } from './customer'

interface SmsRow {
  phone: string
  code: string
  sent_at: number
  expires_at: number
  attempts: number
  consumed: number
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/**
 * Sends a new one-time code to `phone` for a client at `address`, within the limits: one per phone per minute (the
 * contract's rule) and per day, per address per minute and per day, and per minute for the whole gateway. Checked,
 * counted and stored in one write transaction, so a burst cannot overshoot a limit; then handed to the SMS provider
 * (`messages.sendCode`), outside the transaction. A provider that refuses fails the call (50001), the code counted.
 */
export function sendSmsCode(
  ctx: GatewayContext,
  messages: Pick<Messages, 'sendCode'>,
  phone: string,
  address: string,
): SmsResult {
  const now = ctx.now()
  const { limits } = ctx
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const wait = ctx.db.transaction(() => {
    const last = ctx.db.get<SmsRow>('SELECT * FROM sms_codes WHERE phone = ?', phone)
    const resendWait =
      last && now - last.sent_at < RULES.smsResendMs
        ? Math.ceil((RULES.smsResendMs - (now - last.sent_at)) / 1000)
        : 0
    const limitWait = retryAfter(
      ctx.db,
      [
        {
          kind: 'sent',
          scope: 'address',
          key: address,
          max: limits.smsPerAddressPerMinute,
          windowMs: WINDOWS.MINUTE_MS,
        },
        {
          kind: 'sent',
          scope: 'address',
          key: address,
          max: limits.smsPerAddressPerDay,
          windowMs: WINDOWS.DAY_MS,
        },
        { kind: 'sent', scope: 'all', key: '', max: limits.smsPerMinute, windowMs: WINDOWS.MINUTE_MS },
      ],
      now,
    )
    const wait = Math.max(resendWait, limitWait)
    if (wait > 0) return wait
    ctx.db.run(
      `INSERT INTO sms_codes (phone, code, sent_at, expires_at, attempts, consumed) VALUES (?, ?, ?, ?, 0, 0)
       ON CONFLICT (phone) DO UPDATE SET code = excluded.code, sent_at = excluded.sent_at,
         expires_at = excluded.expires_at, attempts = 0, consumed = 0`,
      phone,
      code,
      now,
      now + RULES.smsCodeTtlMs,
    )
    recordAuthEvent(
      ctx.db,
      'sent',
      [
        { scope: 'phone', key: phone },
        { scope: 'address', key: address },
        { scope: 'all', key: '' },
      ],
      now,
    )
    return 0
  })
  if (wait > 0) {
    throw new Refusal('SMS_TOO_FREQUENT', { tips: waitTips(wait), data: { retryAfter: wait } })
  }
  messages.sendCode(phone, code)
  return {
    phone: maskPhone(phone),
    expiresIn: RULES.smsCodeTtlMs / 1000,
    resendIn: RULES.smsResendMs / 1000,
  }
}

/**
 * Where the code `code` sent to `phone` stands (when it expires, the wrong tries, whether it was used), or
 * `undefined` when it is not the phone's live one: for the dev API, which answers the code the emulated SMS
 * provider received.
 */
export function smsCodeState(
  ctx: GatewayContext,
  phone: string,
  code: string,
): Pick<DevSms, 'expiresAt' | 'attempts' | 'consumed'> | undefined {
  const row = ctx.db.get<SmsRow>('SELECT * FROM sms_codes WHERE phone = ? AND code = ?', phone, code)
  if (!row) return undefined
  return {
    expiresAt: new Date(row.expires_at).toISOString(),
    attempts: row.attempts,
    consumed: row.consumed === 1,
  }
}

/** The wrong-code limits of a phone and of a client address. */
// Wrong guesses are counted per client address only: a count per phone would let anyone who knows a number lock its
// owner out. Per phone, the code itself is the limit: RULES.smsMaxAttempts wrong guesses burn it, and a new code can
// be asked for once RULES.smsResendMs has passed since the last (README, "Abuse limits").
function failureLimits(ctx: GatewayContext, address: string): AuthLimit[] {
  return [
    {
      kind: 'failed',
      scope: 'address',
      key: address,
      max: ctx.limits.loginFailuresPerAddressPerHour,
      windowMs: WINDOWS.HOUR_MS,
    },
  ]
}

export function login(
  ctx: GatewayContext,
  phone: string,
  code: string,
  address: string,
  extras: SignInExtras = {},
): LoginResult {
  const now = ctx.now()
  const limits = failureLimits(ctx, address)
  const customer = ctx.db.transaction(() => {
    const locked = retryAfter(ctx.db, limits, now)
    if (locked > 0) return { locked, wrong: 0, room: 0 } as const
    const row = ctx.db.get<SmsRow>('SELECT * FROM sms_codes WHERE phone = ?', phone)
    if (!row || row.consumed === 1 || row.expires_at <= now) throw new Refusal('SMS_CODE_INVALID')
    if (row.attempts >= RULES.smsMaxAttempts) throw new Refusal('SMS_CODE_LOCKED')
    if (!timingSafeEqual(Buffer.from(row.code), Buffer.from(code))) {
      const attempts = row.attempts + 1
      ctx.db.run('UPDATE sms_codes SET attempts = ? WHERE phone = ?', attempts, phone)
      recordAuthEvent(
        ctx.db,
        'failed',
        [
          { scope: 'phone', key: phone },
          { scope: 'address', key: address },
        ],
        now,
      )
      // Returned rather than thrown: a throw would roll back the counted attempt.
      return {
        wrong: attempts,
        room: roomLeft(ctx.db, limits, now),
        locked: retryAfter(ctx.db, limits, now),
      } as const
    }
    ctx.db.run('UPDATE sms_codes SET consumed = 1 WHERE phone = ?', phone)
    const created =
      ctx.db.get<{ id: number }>('SELECT id FROM customers WHERE phone = ?', phone) === undefined
    const found = findOrCreateCustomer(ctx, phone, now)
    return { customer: applySignInExtras(ctx, found, extras, created) } as const
  })
  if (!('customer' in customer)) {
    if (customer.locked > 0) {
      throw new Refusal('LOGIN_LOCKED', {
        tips: waitTips(customer.locked),
        data: { retryAfter: customer.locked },
      })
    }
    const left = Math.min(RULES.smsMaxAttempts - customer.wrong, customer.room)
    if (left <= 0) throw new Refusal('SMS_CODE_LOCKED')
    throw new Refusal('SMS_CODE_INVALID', {
      tips: `验证码错误，还可尝试 ${left} 次`,
      data: { attemptsLeft: left },
    })
  }
  const signedIn = customer.customer
  const token = randomBytes(32).toString('base64url')
  const expiresAt = now + RULES.tokenTtlMs
  ctx.db.run(
    'INSERT INTO sessions (token_hash, customer_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
    hashToken(token),
    signedIn.id,
    now,
    expiresAt,
  )
  return {
    head: AUTH_HEAD,
    token,
    userId: String(signedIn.id),
    openId: signedIn.openId,
    orgId: signedIn.orgId,
    expiresAt: new Date(expiresAt).toISOString(),
  }
}

/** Finds the customer with `phone`, creating one (with no cards) if there is none. */
export function findOrCreateCustomer(ctx: GatewayContext, phone: string, now = ctx.now()): Customer {
  const existing = ctx.db.get<CustomerRow>('SELECT * FROM customers WHERE phone = ?', phone)
  if (existing) return toCustomer(existing)
  const org = ctx.db.get<{ id: string }>('SELECT id FROM orgs ORDER BY id LIMIT 1')
  const openId = freshOpenId()
  const { lastId } = ctx.db.run(
    'INSERT INTO customers (phone, open_id, org_id, nickname, created_at) VALUES (?, ?, ?, ?, ?)',
    phone,
    openId,
    org?.id ?? null,
    `舞友${phone.slice(7)}`,
    now,
  )
  return {
    id: lastId,
    phone,
    openId,
    orgId: org?.id ?? '',
    nickname: `舞友${phone.slice(7)}`,
    createdAt: now,
  }
}

/** A live sign-in: the customer and the token that proves it. */
export interface Session {
  customer: Customer
  token: string
}

/**
 * The sign-in behind an `Authorization` header (`Bearer <token>` or the bare token), or `undefined` when it is
 * missing, unknown, expired or revoked.
 */
export function authenticate(ctx: GatewayContext, header: string | undefined): Session | undefined {
  const token = readToken(header)
  if (!token) return undefined
  const row = ctx.db.get<CustomerRow>(
    `SELECT c.* FROM sessions s JOIN customers c ON c.id = s.customer_id
     WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
    hashToken(token),
    ctx.now(),
  )
  return row ? { customer: toCustomer(row), token } : undefined
}

/** Revokes a live token. */
export function logout(ctx: GatewayContext, token: string): void {
  ctx.db.run('UPDATE sessions SET revoked_at = ? WHERE token_hash = ?', ctx.now(), hashToken(token))
}

function readToken(header: string | undefined): string | undefined {
  if (!header) return undefined
  const value = header.trim()
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined
}
