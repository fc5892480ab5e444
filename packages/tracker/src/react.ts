import { createContext, createElement, type ReactNode, use, useLayoutEffect } from 'react'
import { useLocation, useMatches, useNavigationType } from 'react-router'
import { type Navigation, type Tracker, TrackerError } from './index.js'

const TrackerContext = createContext<Tracker | null>(null)
// Locations already reported: each navigation makes a new location object, and StrictMode's second
// effect run sees the same one.
const seen = new WeakSet<object>()

/**
 * Makes a tracker available to `useTracker` and `useTrackRoutes`. Put it around
 * `<RouterProvider>`; it does not start the tracker (call `tracker.start()` once at boot).
 *
 * @example
 * ```ts
 * createRoot(root).render(
 *   createElement(TrackerProvider, { tracker }, createElement(RouterProvider, { router })),
 * )
 * ```
 */
export function TrackerProvider(props: { tracker: Tracker; children?: ReactNode }): ReactNode {
  // React 19 renders a context as its own provider.
  return createElement(TrackerContext, { value: props.tracker }, props.children)
}

/**
 * The tracker of the nearest `<TrackerProvider>`; throws `TrackerError` `NO_PROVIDER` outside one.
 *
 * @example
 * ```ts
 * function Article({ article }: { article: { id: string } }) {
 *   const tracker = useTracker()
 *   // the route has handle: { autoReport: false }: mark once the content is known
 *   useEffect(() => void tracker.trace({ articleId: article.id }), [tracker, article.id])
 *   return null
 * }
 * ```
 */
export function useTracker(): Tracker {
  const tracker = use(TrackerContext)
  if (!tracker) throw new TrackerError('NO_PROVIDER')
  return tracker
}

/**
 * Inside a data router: calls `tracker.routeChanged` once per location with the route path, the merged
 * `handle` of the matched routes (deeper routes override) as meta, and the navigation type.
 *
 * @example
 * ```ts
 * function Root() {
 *   useTrackRoutes()
 *   return createElement(Outlet)
 * }
 * ```
 */
export function useTrackRoutes(): void {
  const tracker = useTracker()
  const location = useLocation()
  const matches = useMatches()
  const navigation = useNavigationType().toLowerCase() as Navigation
  // A layout effect runs before every passive effect, so a page's own `trace()` in its useEffect already
  // sees the new route. No dependency list: `seen` lets each location through once.
  useLayoutEffect(() => {
    if (!seen.has(location)) {
      seen.add(location)
      tracker.routeChanged({
        path: location.pathname,
        meta: Object.assign({}, ...matches.map((match) => match.handle)),
        navigation,
      })
    }
  })
}
