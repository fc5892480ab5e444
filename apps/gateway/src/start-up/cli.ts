import { GatewayServerError } from '../core/gateway-server-error'
import { shownLocation } from '../db/postgres'
import { isLoopback } from '../server/loopback'
import { readGatewayEnv } from '../settings/env-config'
import { startGateway } from './gateway'
import type { RunningGateway } from './gateway-server'

/** What the command line touches of the outside world; `main.ts` passes the real process. */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>
  cwd: string
  onSignal(signal: 'SIGINT' | 'SIGTERM', handler: () => void): void
  log(line: string): void
  error(line: string): void
  exit(code: number): void
}

/**
 * Starts the gateway from the environment and stops it gracefully on SIGINT or SIGTERM
 * (in-flight requests finish, then the database closes). A second signal exits at once.
 * Resolves with the running gateway, or `undefined` when it could not start (after `exit(1)`).
 */
export async function runCli(io: CliIo): Promise<RunningGateway | undefined> {
  let gateway: RunningGateway
  try {
    const options = readGatewayEnv(io.env, io.cwd)
    gateway = await startGateway({ ...options, log: (line) => io.log(`[gateway] ${line}`) })
    io.log(
      `[gateway] xdance gateway on ${gateway.url}/ (API under ${options.prefix}, ${options.demo ? 'demo mode' : 'no demo data'}, database ${shownLocation(options.db ?? '')})`,
    )
    io.log(`[gateway] listening on ${gateway.address}:${gateway.port}`)
    if (!isLoopback(options.host ?? '127.0.0.1')) {
      io.error(
        `[gateway] warning: HOST=${options.host} is not a loopback address: anyone who can reach ${gateway.address}:${gateway.port} can use this gateway${options.demo ? ' (the dev API stays off)' : ''}. It is a local demo server, not hardened for the internet.`,
      )
    }
  } catch (error) {
    io.error(
      `[gateway] could not start: ${GatewayServerError.isInstance(error) ? error.message : String(error)}`,
    )
    io.exit(1)
    return undefined
  }
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) {
      io.error(`[gateway] ${signal} again: exiting now`)
      io.exit(1)
      return
    }
    stopping = true
    io.log(`[gateway] ${signal}: finishing in-flight requests, then closing the database`)
    gateway.close().then(
      () => {
        io.log('[gateway] stopped')
        io.exit(0)
      },
      (error: unknown) => {
        io.error(`[gateway] unclean stop: ${String(error)}`)
        io.exit(1)
      },
    )
  }
  io.onSignal('SIGINT', () => stop('SIGINT'))
  io.onSignal('SIGTERM', () => stop('SIGTERM'))
  return gateway
}
