import { createGatewayClient } from '@xdance/http'
import { detectMode } from '@xdance/session'
import { createTracker } from '@xdance/tracker'
import { TrackerProvider } from '@xdance/tracker/react'
import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { localiseClientMessage } from './app/client-messages'
import { setServices } from './app/services'
import { readEnv } from './config/env'
import { initLocale } from './i18n/i18n'
import { routes } from './routes'
import { createToastStore } from './toast/toast-store'
import './styles.css'

// The one place with work at start-up: everything else is a function this calls.
const env = readEnv(import.meta.env)
const mode = detectMode()
const toasts = createToastStore()
const client = createGatewayClient({
  baseURL: env.gatewayPrefix,
  mode,
  timeout: env.requestTimeout,
  notify: (message, kind) => toasts.show(localiseClientMessage(message, kind), kind),
})
const tracker = createTracker({ reportURL: `${env.gatewayPrefix}/report/behavior/report`, client })
setServices({ mode, client, tracker, toasts })
tracker.start()

const router = createBrowserRouter(routes)
const root = document.getElementById('root')
// Not a top-level await: that would make the bundler split the entry so lazy pages could import it.
void initLocale().then(() => {
  if (!root) return
  createRoot(root).render(
    <StrictMode>
      <TrackerProvider tracker={tracker}>
        <RouterProvider router={router} flushSync={flushSync} />
      </TrackerProvider>
    </StrictMode>,
  )
})
