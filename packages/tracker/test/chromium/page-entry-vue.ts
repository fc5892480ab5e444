// The Vue Router binding (`@xdance/tracker/vue-router`): a Vue app with one catch-all route; the router navigates.
import { createApp, h } from 'vue'
import { createRouter, createWebHistory, RouterView } from 'vue-router'
import type { TrackerOptions } from '../../src/index'
import { trackRoutes } from '../../src/vue-router'
import { PRIVATE_ROUTE, startTracker, type TestApp, testApp } from './page-entry'

export function boot(options: Partial<TrackerOptions> = {}): TestApp {
  const tracker = startTracker(options)
  const router = createRouter({
    history: createWebHistory(),
    routes: [
      { ...PRIVATE_ROUTE, component: { render: () => null } },
      { path: '/:rest(.*)*', component: { render: () => null } },
    ],
  })
  const app = testApp(tracker, {
    push: (path) => void router.push(path),
    replace: (path) => void router.replace(path),
  })
  trackRoutes(router, tracker)
  const root = document.createElement('div')
  document.body.prepend(root)
  createApp({ render: () => h(RouterView) })
    .use(router)
    .mount(root)
  return app
}
