import type { RouteMeta } from '@xdance/tracker'
import type { UIMatch } from 'react-router'
import type { MessageKey } from '../i18n/zh'

/**
 * What each route declares in `handle`: the tracker's flags (read by `@xdance/tracker/react`) and the page title.
 */
export interface RouteHandle extends Required<RouteMeta> {
  /** Message key of the document title. */
  title: MessageKey
}

/**
 * A route's handle with the usual tracking (visit report, trace mark sent automatically).
 *
 * @example
 * handle: meta('title.home')
 * handle: meta('title.article', { autoReport: false })
 */
export function meta(title: MessageKey, flags: RouteMeta = {}): RouteHandle {
  return { visitReport: true, traceReport: true, autoReport: true, ...flags, title }
}

/**
 * The title key of the deepest matched route that declares one.
 *
 * @example
 * titleOf(useMatches()) // 'title.schedule'
 */
export function titleOf(matches: readonly UIMatch[]): MessageKey | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as Partial<RouteHandle> | undefined
    if (handle?.title) return handle.title
  }
  return undefined
}
