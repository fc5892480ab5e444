import type { GatewayClient } from '@xdance/http'
import type { Mode } from '@xdance/session'
import type { Tracker } from '@xdance/tracker'
import type { Services } from '../app/services'
import { en } from '../i18n/en'
import { createI18n } from '../i18n/i18n'
import { createToastStore } from '../toast/toast-store'

/** A gateway answer by `METHOD path` (`GET /classes/7`): a value, or a function of the body; a thrown error fails the call. */
export type Answers = Record<string, unknown>

/** One call the stub client got, with its query (`GET /classes` with `{ from, to, style }`). */
export interface StubRequest {
  method: string
  path: string
  query: Record<string, unknown> | undefined
}

/**
 * A gateway client that answers from a table and records the calls it got (`POST /bookings {"classId":7}`), and
 * each call's query in `requests`.
 */
export function stubClient(answers: Answers): GatewayClient & { calls: string[]; requests: StubRequest[] } {
  const calls: string[] = []
  const requests: StubRequest[] = []
  const call = async (method: string, path: string, body?: unknown, query?: Record<string, unknown>) => {
    calls.push(body === undefined ? `${method} ${path}` : `${method} ${path} ${JSON.stringify(body)}`)
    requests.push({ method, path, query })
    const key = `${method} ${path}`
    if (!(key in answers)) throw new TypeError(`stubClient: no answer for ${key}`)
    const answer = answers[key]
    return typeof answer === 'function' ? (answer as (body: unknown) => unknown)(body) : answer
  }
  type Options = { query?: Record<string, unknown> }
  const client = {
    calls,
    requests,
    request: (path: string, options: { method?: string; body?: unknown } & Options = {}) =>
      call(options.method ?? 'GET', path, options.body, options.query),
    get: (path: string, options: Options = {}) => call('GET', path, undefined, options.query),
    delete: (path: string) => call('DELETE', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
  }
  return client as unknown as GatewayClient & { calls: string[]; requests: StubRequest[] }
}

const quietTracker: Tracker = {
  start() {},
  stop() {},
  routeChanged() {},
  ignoreNext() {},
  trace: async () => undefined,
  flush() {},
}

/**
 * The services of a test: a stub client answering from `answers`, a tracker that sends nothing, real toasts and
 * languages (English loaded from its module).
 *
 * @example
 * const services = testServices({ answers: { 'GET /cards': { list: [] } } })
 */
export function testServices({
  mode = 'web',
  answers = {},
}: {
  mode?: Mode
  answers?: Answers
} = {}): Services & {
  client: ReturnType<typeof stubClient>
} {
  return {
    mode,
    client: stubClient(answers),
    tracker: quietTracker,
    toasts: createToastStore(),
    i18n: createI18n(async () => en),
  }
}
