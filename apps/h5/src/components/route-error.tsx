import { codeStatus } from '@xdance/contract'
import { GatewayError } from '@xdance/http/errors'
import { useEffect } from 'react'
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router'
import { useReporter, useT } from '../app/app-context'
import { type FailureKind, failureKind, isOnline } from '../app/gateway-failure'
import type { MessageKey } from '../i18n/zh'
import button from '../ui/button.module.css'
import errorPage from '../ui/error-page.module.css'
import text from '../ui/text.module.css'

/**
 * The error boundary of the pages (one, on the pathless `pages` route, inside the layout) and of the layout
 * itself: a page that says what happened and what to do, never a stack trace. Offline, a timeout and the gateway
 * down each say so and retry by re-running the loaders; an exception in our own code (a bug) says "something went
 * wrong", offers a reload and is reported to the gateway (once).
 *
 * @example
 * { id: 'pages', errorElement: <RouteError />, children: [...] }
 */
export function RouteError() {
  const error = useRouteError()
  const revalidator = useRevalidator()
  const reporter = useReporter()
  const t = useT()
  const view = describe(error)
  useEffect(() => {
    if (view.bug) reporter.report(error, 'render')
  }, [error, reporter, view.bug])
  return (
    <section className={errorPage.errorPage} aria-labelledby="error-title" data-error-kind={view.kind}>
      <svg
        width="56"
        height="56"
        viewBox="0 0 24 24"
        fill="none"
        stroke="#a8235a"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v6M12 16.5v.5" strokeLinecap="round" />
      </svg>
      <h1 id="error-title">{t(view.title)}</h1>
      <p className={text.muted}>{t(view.body)}</p>
      <div className={errorPage.actions}>
        {view.retry && (
          <button
            type="button"
            className={button.button}
            disabled={revalidator.state === 'loading'}
            onClick={() => (view.bug ? window.location.reload() : revalidator.revalidate())}
          >
            {t(view.bug ? 'error.reload' : 'error.retry')}
          </button>
        )}
        <Link className={button.ghost} to="/">
          {t('error.home')}
        </Link>
      </div>
    </section>
  )
}

interface View {
  title: MessageKey
  body: MessageKey
  retry: boolean
  bug: boolean
  kind: FailureKind | 'bug' | 'not-found' | 'sign-in'
}

const FAILURE_VIEWS: Record<FailureKind, Pick<View, 'title' | 'body'>> = {
  offline: { title: 'error.offlineTitle', body: 'error.offlineBody' },
  network: { title: 'error.title', body: 'error.networkBody' },
  timeout: { title: 'error.title', body: 'error.timeoutBody' },
  unavailable: { title: 'error.title', body: 'error.unavailableBody' },
  refused: { title: 'error.title', body: 'error.refusedBody' },
}

/** What the error page says about `error`. */
export function describe(error: unknown, online = isOnline()): View {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404)
      return { title: 'notFound.title', body: 'notFound.body', retry: false, bug: false, kind: 'not-found' }
    if (error.status === 401)
      return {
        title: 'error.appSignInTitle',
        body: 'error.appSignInBody',
        retry: true,
        bug: false,
        kind: 'sign-in',
      }
  }
  // The gateway's "no such class / article" (NOT_FOUND, a 404 code): retrying cannot help, so it is the not-found page.
  if (GatewayError.isInstance(error) && codeStatus(error.code) === 404) {
    return { title: 'notFound.title', body: 'notFound.body', retry: false, bug: false, kind: 'not-found' }
  }
  // A page's code that does not download (a deploy, or offline) is the network's doing when offline.
  const kind = failureKind(error, online) ?? (!online ? 'offline' : undefined)
  if (kind) return { ...FAILURE_VIEWS[kind], retry: true, bug: false, kind }
  return { title: 'error.bugTitle', body: 'error.bugBody', retry: true, bug: true, kind: 'bug' }
}
