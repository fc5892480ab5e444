// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest'
import { trackHistory } from './history'
import type { RouteChange, Tracker } from './index'

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

let untrack: (() => void) | undefined
afterEach(() => {
  untrack?.()
  untrack = undefined
})

const brief = (changes: RouteChange[]) =>
  changes.map(({ path, navigation, meta }) => ({ path, navigation, meta }))

test('reports the first page as a pop, then push, replace and Back with the meta of the callback', async () => {
  history.replaceState(null, '', '/')
  const { tracker, changes } = fakeTracker()
  untrack = trackHistory(tracker, {
    meta: (path) => (path === '/login' ? { visitReport: false } : undefined),
  })
  history.pushState(null, '', '/courses?x=1')
  history.replaceState(null, '', '/login')
  const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
  history.back()
  await popped
  expect(brief(changes)).toEqual([
    { path: '/', navigation: 'pop', meta: {} },
    { path: '/courses', navigation: 'push', meta: {} },
    { path: '/login', navigation: 'replace', meta: { visitReport: false } },
    { path: '/', navigation: 'pop', meta: {} },
  ])
  expect(changes[1]?.url).toMatch(/\/courses\?x=1$/)
})

test('the returned function stops reporting and restores pushState', () => {
  const { tracker, changes } = fakeTracker()
  const original = history.pushState
  trackHistory(tracker)()
  expect(history.pushState).toBe(original)
  history.pushState(null, '', '/after')
  expect(changes).toHaveLength(1)
})

test('uses the Navigation API where it exists: one report per entry change, none for reload', () => {
  const { tracker, changes } = fakeTracker()
  const navigation = new EventTarget()
  Object.defineProperty(window, 'navigation', { value: navigation, configurable: true })
  try {
    untrack = trackHistory(tracker)
    const original = history.pushState
    for (const navigationType of ['push', 'replace', 'traverse', 'reload']) {
      navigation.dispatchEvent(Object.assign(new Event('currententrychange'), { navigationType }))
    }
    expect(history.pushState).toBe(original)
    expect(changes.map((change) => change.navigation)).toEqual(['pop', 'push', 'replace', 'pop'])
  } finally {
    Reflect.deleteProperty(window, 'navigation')
  }
})
