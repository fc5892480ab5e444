import { getQueryParam } from '@xdance/url'
import { ARTICLE_PATH } from './constants'

/**
 * What an extra-parameters rule sees of the visit being reported.
 * @example
 * const visit: VisitInfo = { path: '/marketing/article', url: location.href, userAgent: navigator.userAgent }
 */
export interface VisitInfo {
  /** The route path, e.g. `/marketing/article`. */
  path: string
  /** The page's full URL when the visit started. */
  url: string
  userAgent: string
}

/**
 * Adds query parameters to a visit report (the standard fields win a name clash).
 * @example
 * const extraParams: ExtraParams = ({ path }) => (path === '/shop' ? { channel: 'spring' } : undefined)
 */
export type ExtraParams = (visit: VisitInfo) => Record<string, string> | undefined

/**
 * The default extra-parameters rule (spec section 2): on an iPhone, a visit of `/marketing/article`
 * also carries the page's `id` query parameter as `contentId` and `sharer` as `sharer` (empty when absent).
 *
 * @example
 * ```ts
 * // keep the article rule and add a parameter of your own
 * createTracker({
 *   reportURL,
 *   extraParams: (visit) => ({ ...articleExtraParams(visit), channel: 'spring-sale' }),
 * })
 * ```
 */
export const articleExtraParams: ExtraParams = ({ path, url, userAgent }) =>
  /iPhone/.test(userAgent) && path === ARTICLE_PATH
    ? { contentId: getQueryParam(url, 'id') ?? '', sharer: getQueryParam(url, 'sharer') ?? '' }
    : undefined
