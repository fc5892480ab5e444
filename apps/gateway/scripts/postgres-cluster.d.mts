// Types of scripts/postgres-cluster.mjs for the TypeScript that imports it (the booking bench).

/** A running throwaway cluster: its superuser URL (database `postgres`) and a synchronous `stop()` that removes it. */
export interface Cluster {
  url: string
  port: number
  folder: string
  stop(): void
}

/** The folder of PostgreSQL's server programs (initdb, pg_ctl), or undefined when the server is not installed. */
export function findServerBin(): string | undefined

/** Starts a cluster on a free port of 127.0.0.1; throws when the server binaries are missing. */
export function startCluster(options?: { log?: (line: string) => void }): Promise<Cluster>
