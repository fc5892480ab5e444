import { type Router, START_LOCATION } from 'vue-router'
import type { Navigation, RouteMeta, Tracker } from './index.js'

/**
 * Vue Router 4 binding: calls `tracker.routeChanged` once per confirmed navigation with the route path, the
 * route's `meta` (Vue Router merges the matched records' meta, deeper ones override) and the navigation type:
 * `pop` for the first navigation and Back/Forward, `replace` for `router.replace`, `push` otherwise. Failed,
 * aborted and duplicated navigations are not reported. Returns a function that removes its hooks.
 * Call `tracker.start()` yourself, once at boot.
 *
 * @example
 * ```ts
 * import { trackRoutes } from '@xdance/tracker/vue-router'
 *
 * const router = createRouter({
 *   history: createWebHistory(),
 *   routes: [{ path: '/marketing/article', component: Article, meta: { autoReport: false } }],
 * })
 * tracker.start()
 * trackRoutes(router, tracker)
 * ```
 */
export function trackRoutes(router: Router, tracker: Tracker): () => void {
  // The first navigation counts as a pop, like a first load (unless the router already made it).
  let popped = router.currentRoute.value === START_LOCATION
  const unlisten = router.options.history.listen(() => {
    popped = true
  })
  // `router.replace` (and `<RouterLink replace>`, which calls it) is the only way to ask for a replace.
  let replaced = false
  const originalReplace = router.replace
  router.replace = (to) => {
    replaced = true
    return originalReplace(to)
  }
  const stopAfter = router.afterEach((to, _from, failure) => {
    const navigation: Navigation = popped ? 'pop' : replaced ? 'replace' : 'push'
    popped = false
    replaced = false
    if (failure) return
    tracker.routeChanged({ path: to.path, meta: to.meta as RouteMeta, navigation })
  })
  return () => {
    unlisten()
    stopAfter()
    router.replace = originalReplace
  }
}
