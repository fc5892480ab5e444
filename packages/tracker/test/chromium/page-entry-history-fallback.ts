// The framework-free binding on a browser without the Navigation API (Safari before 26, so the iOS WebViews the H5
// app mostly runs in, and Firefox before 136): the binding wraps pushState / replaceState and hears popstate. Chromium
// has the API, so this page hides it before the binding looks, and the same scenarios run over the fallback path.
import type { TrackerOptions } from '../../src/index'
import type { TestApp } from './page-entry'
import { boot as bootHistory } from './page-entry-history'

export function boot(options: Partial<TrackerOptions> = {}): TestApp {
  Object.defineProperty(window, 'navigation', { value: undefined, configurable: true })
  const native = history.pushState
  const app = bootHistory(options)
  // Fails the page's boot (so every scenario) if the binding did not take the fallback path after all.
  if (history.pushState === native)
    throw new Error('trackHistory did not wrap pushState: the Navigation API was used')
  return app
}
