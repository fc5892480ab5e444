import { isAbsolute, resolve } from 'node:path'
import { GatewayServerError } from '../core/gateway-server-error'
import { copyDatabase } from '../db/copy-database'
import { shownLocation } from '../db/postgres'

/** What `db:copy` touches of the outside world; `db-copy.ts` passes the real process. */
export interface CopyCommandIo {
  /** The arguments after the program (`process.argv.slice(2)`). */
  args: readonly string[]
  env: Readonly<Record<string, string | undefined>>
  cwd: string
  log(line: string): void
  error(line: string): void
}

export const COPY_USAGE =
  'usage: pnpm --filter @xdance/gateway db:copy --from <sqlite file> --to <postgres://user@host:port/database>'

/**
 * Reads `--from <file> --to <url>` (or `--from=<file>`). A relative file is taken from where the user ran pnpm
 * (`INIT_CWD`): `pnpm --filter` runs the script in apps/gateway, not there.
 *
 * @example
 * copyArguments(['--from', 'data/gateway.db', '--to', 'postgres://db/xdance'], { INIT_CWD: '/srv' }, '/repo/apps/gateway')
 * // { from: '/srv/data/gateway.db', to: 'postgres://db/xdance' }
 */
export function copyArguments(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): { from: string; to: string } | undefined {
  const found: Record<string, string> = {}
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    // pnpm and npm may pass their own `--` separator through.
    if (arg === '--') continue
    const inline = /^--(from|to)=(.*)$/.exec(arg)
    if (inline) {
      found[inline[1] as string] = inline[2] as string
      continue
    }
    const flag = /^--(from|to)$/.exec(arg)
    const value = args[i + 1]
    if (!flag || value === undefined || value.startsWith('--')) return undefined
    found[flag[1] as string] = value
    i += 1
  }
  const { from, to } = found
  if (!from || !to) return undefined
  return { from: isAbsolute(from) ? from : resolve(env.INIT_CWD || cwd, from), to }
}

/**
 * Runs `db:copy` and answers the exit status: 0 when every table matched, 1 on a refusal, a failure or a mismatch
 * (one line on stderr says which).
 */
export function runCopyCommand(io: CopyCommandIo): number {
  const parsed = copyArguments(io.args, io.env, io.cwd)
  if (!parsed) {
    io.error(COPY_USAGE)
    return 1
  }
  try {
    const results = copyDatabase({ ...parsed, log: io.log })
    const rows = results.reduce((sum, table) => sum + table.targetRows, 0)
    const failed = results.filter((table) => !table.matched).map((table) => table.table)
    if (failed.length > 0) {
      io.error(`db:copy: ${failed.length} of ${results.length} tables do not match: ${failed.join(', ')}`)
      return 1
    }
    io.log(`All ${results.length} tables match: ${rows} rows copied to ${shownLocation(parsed.to)}`)
    return 0
  } catch (error) {
    io.error(`db:copy: ${GatewayServerError.isInstance(error) ? error.message : String(error)}`)
    return 1
  }
}
