import { expect, test, vi } from 'vitest'
import { createMemoryHistory, createRouter } from 'vue-router'
import type { RouteChange, Tracker } from './index'
import { trackRoutes } from './vue-router'

function fakeTracker() {
  const changes: RouteChange[] = []
  const tracker: Tracker = {
    start: vi.fn(),
    stop: vi.fn(),
    routeChanged: (route) => void changes.push(route),
    ignoreNext: vi.fn(),
    trace: vi.fn(async () => {}),
    flush: vi.fn(),
  }
  return { tracker, changes }
}

const Page = { render: () => null }
const routes = [
  { path: '/', component: Page },
  {
    path: '/marketing',
    meta: { visitReport: false, traceReport: true },
    children: [{ path: 'article', component: Page, meta: { visitReport: true, autoReport: false } }],
  },
  { path: '/courses/:id', component: Page },
  { path: '/old', redirect: '/courses/9' },
  { path: '/guarded', component: Page, beforeEnter: () => false },
]

test('reports the first route as a pop, then push, replace, Back; merges route meta; skips failures', async () => {
  const history = createMemoryHistory()
  const router = createRouter({ history, routes })
  const { tracker, changes } = fakeTracker()
  const untrack = trackRoutes(router, tracker)
  await router.push('/')
  await router.push('/courses/7?x=1')
  await router.replace('/marketing/article')
  await router.push('/marketing/article') // duplicated: not reported
  await router.push('/guarded') // aborted: not reported
  const back = new Promise((resolve) => router.afterEach(resolve))
  router.back()
  await back
  await router.push('/old') // redirected: one push of the target
  untrack()
  await router.push('/courses/8')
  expect(changes.map(({ path, navigation, meta }) => ({ path, navigation, meta }))).toEqual([
    { path: '/', navigation: 'pop', meta: {} },
    { path: '/courses/7', navigation: 'push', meta: {} },
    {
      path: '/marketing/article',
      navigation: 'replace',
      meta: { visitReport: true, traceReport: true, autoReport: false },
    },
    { path: '/', navigation: 'pop', meta: {} },
    { path: '/courses/9', navigation: 'push', meta: {} },
  ])
})
