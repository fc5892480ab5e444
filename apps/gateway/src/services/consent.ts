import { TERMS_VERSION } from '@xdance/contract'
import type { GatewayContext } from '../core/context'
import { Refusal } from '../core/gateway-server-error'

/**
 * Refuses a code request without consent to the current terms and privacy policy (`TERMS_VERSION`): 40003
 * `CONSENT_REQUIRED`, before anything is sent or counted.
 */
export function requireConsent(version: string | undefined): string {
  if (version !== TERMS_VERSION) throw new Refusal('CONSENT_REQUIRED', { data: { field: 'consent' } })
  return version
}

/** Records that the customer with `phone` consented to `version` of the documents, from `address`. */
export function recordConsent(ctx: GatewayContext, phone: string, version: string, address: string): void {
  ctx.db.run(
    'INSERT INTO consents (phone, version, address, given_at) VALUES (?, ?, ?, ?)',
    phone,
    version,
    address,
    ctx.now(),
  )
}

/** The consents recorded for `phone`, oldest first (the dev API and tests read them). */
export function consentsOf(ctx: GatewayContext, phone: string): { version: string; givenAt: number }[] {
  return ctx.db.all<{ version: string; givenAt: number }>(
    'SELECT version, given_at AS givenAt FROM consents WHERE phone = ? ORDER BY id',
    phone,
  )
}
