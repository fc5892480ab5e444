// Plain TypeScript with `moduleResolution: node16`, the resolution of a Node project that has no bundler: every
// entry point of every package resolves through its `exports` map to its own types. `skipLibCheck` is off, so the
// published declarations are checked too, and each `@ts-expect-error` below fails the check if a type silently
// became `any` (an import a declaration file cannot resolve does that).
import { type AnswerOf, type Envelope, isPhone, SUCCESS_CODE } from '@xdance/contract'
import { type ENDPOINTS, envelopeSchema } from '@xdance/contract/schemas'
import { createGatewayClient, type GatewayClient, GatewayError } from '@xdance/http'
import { getCookie, type Mode, SessionError, setCookie } from '@xdance/session'
import { createTracker, type RouteMeta, type Tracker, TrackerError } from '@xdance/tracker'
import { trackHistory } from '@xdance/tracker/history'
import { TrackerProvider, useTracker, useTrackRoutes } from '@xdance/tracker/react'
import {
  articleExtraParams,
  createTracker as createTraceTracker,
  TRACE_MARK_PATH,
} from '@xdance/tracker/trace'
import { trackRoutes } from '@xdance/tracker/vue-router'
import { getQueryParam, type ParsedUrl, parseUrl, withQuery } from '@xdance/url'
import { createMemoryHistory, createRouter } from 'vue-router'

export const url: string = withQuery('/courses', { page: 2, tags: ['a', 'b'] })
export const parsed: ParsedUrl | null = parseUrl('https://example.com/a?b=1#/c?d=2')
export const page: string | null = getQueryParam(url, 'page')
// @ts-expect-error withQuery takes query parameters, not a number
withQuery('/courses', 42)

export const mode: Mode = 'web'
export const token: string | undefined = getCookie('xdance-token')
setCookie('xdance-token', 'value', { maxAge: 3600 })
export const sessionErrorName: string = new SessionError('INVALID_COOKIE_NAME', 'a b').name

export const ok: boolean = SUCCESS_CODE === 200 && isPhone('13800138000')
export const me: Envelope<AnswerOf<(typeof ENDPOINTS)['GET /me']>> | undefined = undefined
export const envelope = envelopeSchema

export const client: GatewayClient = createGatewayClient({ baseURL: '/dance-gateway' })
export async function profile(): Promise<{ name: string } | number | string> {
  try {
    return await client.get<{ name: string }>('/member/profile')
  } catch (error) {
    if (GatewayError.isInstance(error)) return error.code
    throw error
  }
}

export const tracker: Tracker = createTracker({ reportURL: '/dance-gateway/report/behavior/report' })
export const meta: RouteMeta = { visitReport: false }
// @ts-expect-error reportURL is a string
createTracker({ reportURL: 42 })
export const trackerErrorCode: string = new TrackerError('NO_CLIENT').code
export const traceTracker: Tracker = createTraceTracker({
  reportURL: '/dance-gateway/report/behavior/report',
  client,
})
export const traceMarkPath: string = TRACE_MARK_PATH
export const articleRule = articleExtraParams
// @ts-expect-error the visit tracker of @xdance/tracker takes no client: trace marks are @xdance/tracker/trace's
createTracker({ reportURL: '/dance-gateway/report/behavior/report', client })

export const untrackHistory: () => void = trackHistory(tracker, {
  meta: (path) => (path === '/go' ? meta : undefined),
})
// @ts-expect-error a route meta flag is a boolean
trackHistory(tracker, { meta: () => ({ visitReport: 'no' }) })

const router = createRouter({ history: createMemoryHistory(), routes: [] })
export const untrackRoutes: () => void = trackRoutes(router, tracker)
// @ts-expect-error trackRoutes takes a Vue Router, then the tracker
trackRoutes(tracker, router)

export const bindings = { TrackerProvider, useTracker, useTrackRoutes }
// @ts-expect-error TrackerProvider needs a tracker
TrackerProvider({})
