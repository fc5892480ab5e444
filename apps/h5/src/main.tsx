import { VISIT_REPORT_PATH } from '@xdance/contract'
import { createGatewayClient } from '@xdance/http'
import { detectMode } from '@xdance/session'
import { createTracker } from '@xdance/tracker'
import { TrackerProvider } from '@xdance/tracker/react'
import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { AppProvider } from './app/app-context'
import { localiseClientMessage } from './app/client-messages'
import { startDeployment } from './app/deployment'
import { routerContext } from './app/router-context'
import type { Services } from './app/services'
import { readEnv } from './config/env'
import { createI18n } from './i18n/i18n'
import { createRoutes } from './routes'
import { createToastStore } from './toast/toast-store'
import './styles.css'

// The one place with work at start-up: everything else is a function this calls. The services go to loaders and
// actions through the router context, and to components through React context: no module holds them.
const env = readEnv(import.meta.env)
const mode = detectMode()
const i18n = createI18n()
const toasts = createToastStore()
const client = createGatewayClient({
  baseURL: env.gatewayPrefix,
  mode,
  timeout: env.requestTimeout,
  notify: (message, kind) => toasts.show(localiseClientMessage(i18n.t, message, kind), kind),
})
const tracker = createTracker({ reportURL: `${env.gatewayPrefix}${VISIT_REPORT_PATH}`, client })
const services: Services = { mode, client, tracker, toasts, i18n }
// Inside WeChat the page may leave at once for the silent authorisation: then nothing starts (no report, no render).
const deployment = startDeployment({ mode, client, doc: document, win: window })
void deployment.ready.then((go) => go && tracker.start())

const router = createBrowserRouter(createRoutes(), { getContext: () => routerContext(services) })
const root = document.getElementById('root')
// Not a top-level await: that would make the bundler split the entry so lazy pages could import it.
void Promise.all([i18n.init(), deployment.ready]).then(([, go]) => {
  if (!root || !go) return
  createRoot(root).render(
    <StrictMode>
      <AppProvider value={{ mode, toasts, i18n, wechat: deployment.share }}>
        <TrackerProvider tracker={tracker}>
          <RouterProvider router={router} flushSync={flushSync} />
        </TrackerProvider>
      </AppProvider>
    </StrictMode>,
  )
})
