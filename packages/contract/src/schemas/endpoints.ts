import { accountCalls } from './account'
import { clientErrorCalls } from './client-errors'
import { commerceCalls } from './commerce'
import { actionCalls } from './idempotency'
import { noticeCalls } from './notices'
import { recordCalls } from './records'
import { studioCalls } from './studio'
import { waitlistCalls } from './waitlist'
import { wechatCalls } from './wechat'

/**
 * Every call of the gateway, keyed by its method and path: the rows of each concern's module, each written there
 * once with its schemas. The gateway mounts its routes from these rows and validates with their schemas; clients
 * type their calls from {@link Endpoints} (`import type`: no schema is loaded). The dev API is demo-only and not
 * part of the contract.
 *
 * @example
 * ```ts
 * ENDPOINTS['GET /classes/:id'].auth // 'optional'
 * type DanceClass = AnswerOf<Endpoints['GET /classes/:id']>
 * ```
 */
export const ENDPOINTS = {
  ...accountCalls,
  ...studioCalls,
  ...waitlistCalls,
  ...commerceCalls,
  ...noticeCalls,
  ...wechatCalls,
  ...recordCalls,
  ...clientErrorCalls,
  ...actionCalls,
}

/**
 * The type of {@link ENDPOINTS}: the whole contract, for clients that type their calls from it without loading the
 * schemas (`import type`).
 *
 * @example
 * ```ts
 * type Class = AnswerOf<Endpoints['GET /classes/:id']>
 * ```
 */
export type Endpoints = typeof ENDPOINTS

/**
 * The key of one call of {@link ENDPOINTS}.
 *
 * @example
 * ```ts
 * const key: EndpointName = 'POST /bookings'
 * ```
 */
export type EndpointName = keyof Endpoints
