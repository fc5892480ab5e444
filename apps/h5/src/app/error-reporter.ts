import { CLIENT_ERROR_LIMITS, type ClientErrorReport as ReportBody } from '@xdance/contract'
import { type BeaconTransport, beaconGateway } from '../api/gateway-call'

/** One exception of our own code, as the gateway's `POST /client-errors` takes it, every field filled. */
export type ClientErrorReport = Required<ReportBody>

/** The browser seams of the reporter: how a beacon leaves (a beacon, a keepalive fetch), the page's route and user agent. */
export interface ReporterPlatform extends BeaconTransport {
  route(): string
  userAgent(): string
}

/** Reports the app's bugs to the gateway; never throws, never loops. */
export interface ErrorReporter {
  /** Sends one report of `error` (deduplicated, capped per page load); answers whether it was sent. */
  report(error: unknown, kind?: ClientErrorReport['kind']): boolean
}

/** Reports sent per page load at most: a render loop must not become a flood. */
export const MAX_REPORTS_PER_PAGE = 5

/**
 * A reporter for bugs (not network failures, not refusals): it sends `{ message, stack, route, userAgent, kind }` to
 * `${prefix}/client-errors` with `sendBeacon` (or a `keepalive` fetch), each distinct message and route once, at most
 * {@link MAX_REPORTS_PER_PAGE} per page load, each field cut to the gateway's bounds. Whatever goes wrong while
 * reporting is swallowed: a reporter that throws would be reported, and so on.
 *
 * @example
 * const reporter = createErrorReporter('/dance-gateway', browserReporterPlatform())
 * reporter.report(new TypeError('x is undefined'))
 */
export function createErrorReporter(prefix: string, platform: ReporterPlatform): ErrorReporter {
  const seen = new Set<string>()
  let sent = 0
  return {
    report(error, kind = 'render') {
      try {
        if (sent >= MAX_REPORTS_PER_PAGE) return false
        const report = describeError(error, kind, platform)
        const fingerprint = `${report.message}\n${report.route}`
        if (seen.has(fingerprint)) return false
        seen.add(fingerprint)
        sent++
        return beaconGateway(prefix, 'POST /client-errors', { body: report }, platform)
      } catch {
        return false
      }
    },
  }
}

/** The report of `error`, each field within the gateway's bounds. */
export function describeError(
  error: unknown,
  kind: ClientErrorReport['kind'],
  platform: Pick<ReporterPlatform, 'route' | 'userAgent'>,
): ClientErrorReport {
  const limits = CLIENT_ERROR_LIMITS
  const message =
    error instanceof Error ? `${error.name}: ${error.message}` : safeString(error) || 'unknown error'
  const stack = error instanceof Error ? (error.stack ?? '') : ''
  return {
    message: message.slice(0, limits.message),
    stack: stack.slice(0, limits.stack),
    route: platform.route().slice(0, limits.route),
    userAgent: platform.userAgent().slice(0, limits.userAgent),
    kind,
  }
}

function safeString(value: unknown): string {
  try {
    return String(value)
  } catch {
    return ''
  }
}

/** The reporter's seams in a browser (the path and query of the page, without its hash). */
export function browserReporterPlatform(): ReporterPlatform {
  return {
    sendBeacon: typeof navigator.sendBeacon === 'function' ? (u, b) => navigator.sendBeacon(u, b) : undefined,
    fetch: typeof fetch === 'function' ? (u, init) => fetch(u, init) : undefined,
    route: () => `${location.pathname}${location.search}`,
    userAgent: () => navigator.userAgent,
  }
}
