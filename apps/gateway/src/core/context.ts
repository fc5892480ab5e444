import type { Database } from '../db/database'
import type { GatewayLimits } from '../limits/gateway-limits'

/** What every handler and service gets: the database, the clock and the mode. */
export interface GatewayContext {
  readonly db: Database
  /** The clock seam: epoch milliseconds. */
  now(): number
  readonly demo: boolean
  readonly prefix: string
  log(line: string): void
  /** The abuse limits in force. */
  readonly limits: Readonly<GatewayLimits>
  /** The studio's reminder lead time: a booked class's reminder goes out this many minutes before it starts. */
  readonly reminderMinutes: number
  /** Behind a trusted proxy: the client address is read from `X-Forwarded-For`. */
  readonly trustProxy: boolean
}
