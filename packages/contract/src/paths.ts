// The paths the spec names, each in one place (spec sections 2 and 7).

/**
 * The base path of the dance gateway: every call of the contract is under it.
 *
 * @example
 * ```ts
 * createGatewayClient({ baseURL: GATEWAY_PREFIX })
 * ```
 */
export const GATEWAY_PREFIX = '/dance-gateway'

/**
 * Path of the visit-report endpoint under the gateway prefix (beacon, image pixel fallback).
 *
 * @example
 * ```ts
 * createTracker({ reportURL: `${GATEWAY_PREFIX}${VISIT_REPORT_PATH}` })
 * ```
 */
export const VISIT_REPORT_PATH = '/report/behavior/report'

/**
 * Path of the trace-mark endpoint under the gateway prefix.
 *
 * @example
 * ```ts
 * client.post(TRACE_MARK_PATH, mark, { needCode: true })
 * ```
 */
export const TRACE_MARK_PATH = '/elephant/boss/trace/mark'

/**
 * The app's marketing article page: on an iPhone its visit report also carries `contentId` and `sharer`.
 *
 * @example
 * ```ts
 * withQuery(`${origin}${ARTICLE_PATH}`, { id: '12' })
 * ```
 */
export const ARTICLE_PATH = '/marketing/article'
