/**
 * The gateway's abuse limits: how many codes may be sent and how many wrong codes tried, from where, how many
 * visit reports and trace marks one address may leave, and how long records are kept. The README explains each
 * figure. Every one can be set through `GatewayOptions.limits` (tests set small figures).
 *
 * @example
 * ```ts
 * const gateway = await startGateway({ limits: { smsPerAddressPerMinute: 2 } })
 * ```
 */
export interface GatewayLimits {
  /** One-time codes sent to any phone from one client address per minute. */
  smsPerAddressPerMinute: number
  /** … per rolling 24 h. */
  smsPerAddressPerDay: number
  /** Codes sent by the whole gateway per minute: the ceiling on the SMS bill. */
  smsPerMinute: number
  /**
   * Wrong codes from one client address per rolling hour, whatever the phone; then that address (not the phone) is
   * refused. There is no count per phone: the code's own attempts are the limit there, so nobody who knows a
   * number can lock its owner out.
   */
  loginFailuresPerAddressPerHour: number
  /** Visit reports (and, separately, trace marks) stored per client address per minute. */
  recordsPerAddressPerMinute: number
  /** Client error reports stored per client address per minute (one broken page can throw in a loop). */
  clientErrorsPerAddressPerMinute: number
  /** Visit reports and trace marks older than this many days are pruned. */
  recordMaxAgeDays: number
  /** At most this many rows are kept per record table (the oldest are pruned). */
  recordMaxRows: number
}

/**
 * The limits a gateway runs with unless told otherwise.
 *
 * @example
 * ```ts
 * DEFAULT_LIMITS.loginFailuresPerAddressPerHour // 30
 * ```
 */
export const DEFAULT_LIMITS: Readonly<GatewayLimits> = Object.freeze({
  smsPerAddressPerMinute: 10,
  smsPerAddressPerDay: 100,
  smsPerMinute: 60,
  loginFailuresPerAddressPerHour: 30,
  recordsPerAddressPerMinute: 120,
  clientErrorsPerAddressPerMinute: 10,
  recordMaxAgeDays: 30,
  recordMaxRows: 200_000,
})
