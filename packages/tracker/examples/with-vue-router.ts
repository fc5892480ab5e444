import { VISIT_REPORT_PATH } from '@xdance/tracker'
import { createTracker, type TraceClient } from '@xdance/tracker/trace'
import { trackRoutes } from '@xdance/tracker/vue-router'
import { createRouter, createWebHistory } from 'vue-router'

export async function withVueRouter(gateway: string, client: TraceClient) {
  const Page = { render: () => null }
  const router = createRouter({
    history: createWebHistory(),
    routes: [
      { path: '/', component: Page },
      // Route meta, as Vue apps declare it: this page sends its own trace mark.
      { path: '/marketing/article', component: Page, meta: { autoReport: false } },
    ],
  })
  const tracker = createTracker({ reportURL: gateway + VISIT_REPORT_PATH, client })
  tracker.start()
  trackRoutes(router, tracker)
  await router.push('/')
  await router.push('/marketing/article')
  return { tracker, router }
}
