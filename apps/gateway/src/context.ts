import type { Database } from './db/database'

/** What every handler and service gets: the database, the clock and the mode. */
export interface GatewayContext {
  readonly db: Database
  /** The clock seam: epoch milliseconds. */
  now(): number
  readonly demo: boolean
  readonly prefix: string
  readonly staticDir: string
  log(line: string): void
}
