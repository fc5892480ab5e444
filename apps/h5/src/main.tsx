import { VISIT_REPORT_PATH } from '@xdance/contract'
import { DEFAULT_MESSAGES } from '@xdance/http/errors'
import { detectMode, isLoggedIn } from '@xdance/session'
import { TrackerProvider } from '@xdance/tracker/react'
import { createTracker } from '@xdance/tracker/trace'
import { StrictMode, startTransition } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router'
import { AppProvider } from './app/app-context'
import { localiseClientMessage } from './app/client-messages'
import { withDataLanguage } from './app/data-language'
import { startDeployment } from './app/deployment'
import { failureKind } from './app/gateway-failure'
import { lazyGatewayClient } from './app/lazy-client'
import { lazyErrorReporter } from './app/lazy-reporter'
import { loadMatchedRoutes } from './app/load-matched-routes'
import { routerContext } from './app/router-context'
import { readServedPage, START_EVENT } from './app/served-page'
import type { Services } from './app/services'
import { warmLoaders } from './app/warm-loaders'
import { readEnv } from './config/env'
import { createI18n } from './i18n/i18n'
import { createRoutes, WARM_PATHS } from './routes'
import { createToastStore } from './toast/toast-store'
import './styles.css'

// The one place with work at start-up: everything else is a function this calls. The services go to loaders and
// actions through the router context, and to components through React context: no module holds them.
const env = readEnv(import.meta.env)
const mode = detectMode()
// A signed-out visitor from a customer's share link: a later sign-up is that customer's invitation (issue 31). Its
// code loads only for such a link.
if (/[?&]sharer=/.test(location.search) && !isLoggedIn(mode)) {
  import('./lib/invitation')
    .then(({ rememberSharer }) => rememberSharer(location.href, false, Date.now()))
    .catch(() => undefined)
}
const i18n = createI18n()
const toasts = createToastStore()
const notify = (message: string, kind: 'error' | 'timeout') =>
  toasts.show(localiseClientMessage(i18n.t, message, kind), kind)
// The language is settled first (remembered, or the browser's): the first page's data is asked for in it.
const started = i18n.init()
// The client (with ofetch) is a chunk of its own, fetched at once beside the page's chunks: a server-rendered page
// hydrates without it, so it is not on the first screen's critical path (README "Budgets").
const gateway = lazyGatewayClient(
  () =>
    import('@xdance/http').then(({ createGatewayClient }) =>
      createGatewayClient({ baseURL: env.gatewayPrefix, mode, timeout: env.requestTimeout, notify }),
    ),
  notify,
  DEFAULT_MESSAGES.requestError,
)
void gateway.load().catch(() => {
  // Offline at start: the first call loads it again and says so.
})
const client = withDataLanguage(gateway, i18n.dataLocale)
const tracker = createTracker({ reportURL: `${env.gatewayPrefix}${VISIT_REPORT_PATH}`, client })
const services: Services = { mode, client, tracker, toasts, i18n }
// Our own exceptions go to the gateway; a failure of the network or a refusal left unhandled is not a bug report.
const reporter = lazyErrorReporter(env.gatewayPrefix)
addEventListener('error', (event) => {
  if (event.error !== undefined && failureKind(event.error) === undefined)
    reporter.report(event.error, 'unhandled')
})
addEventListener('unhandledrejection', (event) => {
  if (failureKind(event.reason) === undefined) reporter.report(event.reason, 'rejection')
})
// Inside WeChat the page may leave at once for the silent authorisation: then nothing starts (no report, no render).
const deployment = startDeployment({ mode, client, doc: document, win: window })
void deployment.ready.then((go) => go && tracker.start())

const getContext = () => routerContext(services)
// A page the server rendered (a signed-out visitor's, README "First paint") carries its loaders' data: the app
// hydrates it instead of drawing it again. Without one (a static host, a signed-in visitor) the router starts now,
// so the page's data loads while the catalogue is read.
const served = readServedPage(document)
const fresh = served ? undefined : createBrowserRouter(createRoutes(), { getContext })
const root = document.getElementById('root')

const tree = (router: DataRouter) => (
  <StrictMode>
    <AppProvider value={{ mode, toasts, i18n, wechat: deployment.share, reporter }}>
      <TrackerProvider tracker={tracker}>
        <RouterProvider router={router} flushSync={flushSync} />
      </TrackerProvider>
    </AppProvider>
  </StrictMode>
)

async function hydrate(container: HTMLElement, locale: string): Promise<boolean> {
  // Hydrate only what this browser would render the same: signed in since, app mode, English: draw afresh.
  if (!served || served.mode !== mode || served.locale !== locale || isLoggedIn(mode)) return false
  const routes = createRoutes()
  try {
    await Promise.all([
      loadMatchedRoutes(routes, window.location),
      // The server completed the catalogue for every page but home (the pages route's middleware), so must we.
      window.location.pathname === '/' ? undefined : i18n.loadAll(),
    ])
  } catch {
    // A page chunk that does not load (offline): the router's own path shows the error page.
    return false
  }
  // In a transition, hydration yields to the browser every few milliseconds instead of one long task.
  const router = createBrowserRouter(routes, { getContext, hydrationData: served.state })
  dispatchEvent(new Event(START_EVENT))
  startTransition(() => {
    hydrateRoot(container, tree(router))
  })
  return true
}

// Not a top-level await: that would make the bundler split the entry so lazy pages could import it.
void Promise.all([started, deployment.ready]).then(async ([locale, go]) => {
  if (!root || !go) return
  if (!(await hydrate(root, locale))) {
    dispatchEvent(new Event(START_EVENT))
    createRoot(root).render(tree(fresh ?? createBrowserRouter(createRoutes(), { getContext })))
  }
  // The likely next pages' lazy loaders, when the browser is idle (Safari before 18 has no requestIdleCallback).
  ;(globalThis.requestIdleCallback ?? setTimeout)(() => void warmLoaders(createRoutes(), WARM_PATHS))
})
