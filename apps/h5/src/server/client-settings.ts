import { callGateway } from '../api/gateway-call'
import { type AppSettings, readSettings } from '../config/settings'
import { NO_SETTINGS } from './page-settings'
import { serverClient } from './server-client'

/** Options of {@link settingsFromGateway}. */
export interface SettingsFromGatewayOptions {
  /** How long one answer is used. Default 60 s: a changed setting reaches new pages within a minute. */
  ttlMs?: number
  /** How long to wait before asking again after a failure. Default 5 s. */
  retryMs?: number
  /** The clock seam. Default `Date.now`. */
  now?: () => number
  /** Where a failure is said. Default `console.error`. */
  log?: (line: string) => void
}

/**
 * The deployment's settings as the gateway says them (`GET {prefix}/client-settings`), for the pages the app's server
 * writes: asked once, kept for `ttlMs`, one call in flight however many pages ask at once. When the gateway cannot
 * say, the last good settings stay in use (or, before any, every setting off: the pages still work, without WeChat's
 * extras), the failure is logged, and it is asked again after `retryMs`. Each field is checked as the app checks it
 * in the page (`readSettings`): a malformed one is off.
 *
 * @example
 * const settings = settingsFromGateway((request) => fetch(request), '/dance-gateway')
 * injectSettings(html, await settings())
 */
export function settingsFromGateway(
  api: (request: Request) => Promise<Response>,
  prefix: string,
  options: SettingsFromGatewayOptions = {},
): () => Promise<AppSettings> {
  const { ttlMs = 60_000, retryMs = 5_000, now = Date.now, log = console.error } = options
  let kept: AppSettings = NO_SETTINGS
  let askAfter = 0
  let asking: Promise<AppSettings> | undefined
  const client = serverClient(api, `http://app.internal${prefix}`)
  const ask = async (): Promise<AppSettings> => {
    try {
      const settings = await callGateway(
        client,
        'GET /client-settings',
        {},
        { signal: AbortSignal.timeout(3_000) },
      )
      kept = readSettings(JSON.stringify(settings))
      askAfter = now() + ttlMs
    } catch (error) {
      log(
        `app server: the deployment settings could not be read from the gateway (${error instanceof Error ? error.message : String(error)}); pages keep the last known (or none), asked again in ${retryMs / 1000} s`,
      )
      askAfter = now() + retryMs
    }
    return kept
  }
  return async () => {
    if (now() < askAfter) return kept
    asking ??= ask().finally(() => {
      asking = undefined
    })
    return asking
  }
}
