import { ERROR_CODE } from '@xdance/contract'
import { GatewayError, GatewayTransportError } from '@xdance/http'
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router'
import { useT } from '../app/app-context'
import type { MessageKey } from '../i18n/zh'

/**
 * The error boundary of the pages (one, on the pathless `pages` route, inside the layout) and of the layout
 * itself: a friendly page with a retry, never a stack trace.
 * Gateway failures retry by re-running the loaders (the toast already said what went wrong);
 * anything else (a chunk that failed to download after a deploy) reloads the page.
 *
 * @example
 * { id: 'pages', errorElement: <RouteError />, children: [...] }
 */
export function RouteError() {
  const error = useRouteError()
  const revalidator = useRevalidator()
  const t = useT()
  const { title, body, retry } = describe(error)
  const fromGateway = GatewayError.isInstance(error) || GatewayTransportError.isInstance(error)
  return (
    <section className="error-page" aria-labelledby="error-title">
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
      <h1 id="error-title">{t(title)}</h1>
      <p className="muted">{t(body)}</p>
      <div className="row">
        {retry && (
          <button
            type="button"
            className="btn"
            disabled={revalidator.state === 'loading'}
            onClick={() => (fromGateway ? revalidator.revalidate() : window.location.reload())}
          >
            {t('error.retry')}
          </button>
        )}
        <Link className="btn btn-ghost" to="/">
          {t('error.home')}
        </Link>
      </div>
    </section>
  )
}

function describe(error: unknown): { title: MessageKey; body: MessageKey; retry: boolean } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { title: 'notFound.title', body: 'notFound.body', retry: false }
    if (error.status === 401)
      return { title: 'error.appSignInTitle', body: 'error.appSignInBody', retry: true }
  }
  // The gateway's "no such class / article" (40401): retrying cannot help, so it is the not-found page.
  if (GatewayError.isInstance(error) && String(error.code) === String(ERROR_CODE.NOT_FOUND)) {
    return { title: 'notFound.title', body: 'notFound.body', retry: false }
  }
  if (GatewayTransportError.isInstance(error)) {
    return { title: 'error.title', body: 'error.networkBody', retry: true }
  }
  return { title: 'error.title', body: 'error.body', retry: true }
}
