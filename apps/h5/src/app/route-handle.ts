import type { RouteMeta } from '@xdance/tracker'
import type { UIMatch } from 'react-router'
import type { MessageKey } from '../i18n/zh'

/**
 * What each route declares in `handle`: the tracker's flags (read by `@xdance/tracker/react`), the page title
 * and, on pages outside the tab bar, where the header's back button goes.
 */
export interface RouteHandle extends Required<RouteMeta> {
  /** Message key of the document title. */
  title: MessageKey
  /** The parent page the back button opens (replacing this entry) when no page of the app is behind this one. */
  back?: string
}

/** The tracker's flags plus the optional back target, as {@link meta} takes them. */
export interface RouteOptions extends RouteMeta {
  back?: string
}

/**
 * A route's handle with the usual tracking (visit report, trace mark sent automatically).
 *
 * @example
 * handle: meta('title.home')
 * handle: meta('title.class', { back: '/schedule' })
 * handle: meta('title.article', { autoReport: false, back: '/' })
 */
export function meta(title: MessageKey, options: RouteOptions = {}): RouteHandle {
  return { visitReport: true, traceReport: true, autoReport: true, ...options, title }
}

// Deeper routes override, as in the merged handle the tracker reads.
function deepest<K extends 'title' | 'back'>(
  matches: readonly UIMatch[],
  key: K,
): RouteHandle[K] | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as Partial<RouteHandle> | undefined
    if (handle?.[key]) return handle[key]
  }
  return undefined
}

/**
 * The title key of the deepest matched route that declares one.
 *
 * @example
 * titleOf(useMatches()) // 'title.schedule'
 */
export function titleOf(matches: readonly UIMatch[]): MessageKey | undefined {
  return deepest(matches, 'title')
}

/**
 * The back target of the deepest matched route that declares one; none on the tab bar's pages.
 *
 * @example
 * backOf(useMatches()) // '/schedule' on /classes/7
 */
export function backOf(matches: readonly UIMatch[]): string | undefined {
  return deepest(matches, 'back')
}
