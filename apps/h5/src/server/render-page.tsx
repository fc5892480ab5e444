import { APP_TOKEN_COOKIE, TOKEN_COOKIE } from '@xdance/session'
import type { Tracker } from '@xdance/tracker'
import { TrackerProvider } from '@xdance/tracker/react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router'
import { AppProvider } from '../app/app-context'
import { withDataLanguage } from '../app/data-language'
import { routerContext } from '../app/router-context'
import { servedPageBlock } from '../app/served-page'
import type { Services } from '../app/services'
import { createI18n, languageTag } from '../i18n/i18n'
import { createRoutes } from '../routes'
import { createToastStore } from '../toast/toast-store'
import { deferBoot } from './deferred-boot'
import { requestLocale } from './request-locale'
import { type GatewayFetch, serverClient } from './server-client'

export type { GatewayFetch } from './server-client'

/** What the host (the gateway, or any Node server in front of the build) hands the renderer. */
export interface RenderOptions {
  /** The built `index.html`, verbatim: the rendered page goes into its `#root`. */
  template: string
  /** Reaches the gateway's API for the loaders (`Request` in, `Response` out). */
  fetch: GatewayFetch
  /** The API base the requests are made against, e.g. `http://127.0.0.1:8080/dance-gateway`. */
  apiBase: string
  /** Loaders taking longer than this leave the page to the browser. Default 1000 ms. */
  timeoutMs?: number
}

// Nothing is reported from the server: the browser's tracker reports the visit once, when the page hydrates.
const inertTracker: Tracker = {
  start() {},
  stop() {},
  routeChanged() {},
  ignoreNext() {},
  trace: async () => {},
  flush() {},
}

/**
 * Whether a request's page can be rendered on the server exactly as the browser would render it: a GET of a
 * signed-out visitor (no token cookie: their pages are the same for everyone) in web mode (no `source=app`).
 * Everything else is left to the browser, as on a static host.
 *
 * @example
 * canRenderOnServer(new Request('http://h5.example/schedule')) // true
 * canRenderOnServer(new Request('http://h5.example/?source=app')) // false
 */
export function canRenderOnServer(request: Request): boolean {
  if (request.method !== 'GET') return false
  if (new URL(request.url).searchParams.get('source') === 'app') return false
  return !hasSession(request)
}

/**
 * Whether a request carries a session: the web token or the native app's, not empty.
 *
 * @example
 * hasSession(new Request('http://h5.example/', { headers: { cookie: 'xdance-token=t' } })) // true
 */
export function hasSession(request: Request): boolean {
  const cookies = request.headers.get('cookie') ?? ''
  return cookies.split(';').some((pair) => {
    const [name = '', value = ''] = pair.split('=')
    const key = name.trim()
    return (key === TOKEN_COOKIE || key === APP_TOKEN_COOKIE) && value.trim() !== ''
  })
}

/**
 * Renders the page of a navigation request with its data, ready to paint before any JavaScript runs, or `null`
 * when the browser should render it (not {@link canRenderOnServer}, a redirect, a loader's failure or slowness, a
 * 404): the host then serves `template` as it is. The page carries the loaders' data in a JSON block, so the
 * browser hydrates it without calling the gateway again.
 *
 * @example
 * const html = await renderPage(new Request('http://127.0.0.1:8080/schedule'), {
 *   template, apiBase: 'http://127.0.0.1:8080/dance-gateway', fetch: (request) => gateway.fetch(request),
 * })
 * // '<!doctype html>…<div id="root"><div class="shell__app shell__has-tabbar">…' or null
 */
export async function renderPage(request: Request, options: RenderOptions): Promise<string | null> {
  if (!canRenderOnServer(request)) return null
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 1000)
  const query = new Request(request.url, { headers: request.headers, signal: timeout })
  const i18n = createI18n()
  // A first visit stores no choice: the page comes in the language the browser asks for (README "Languages"), as
  // `requestLocale` decides it, the language the page cache keys the page on.
  await i18n.init([requestLocale(request)])
  const services: Services = {
    mode: 'web',
    client: withDataLanguage(serverClient(options.fetch, options.apiBase), i18n.dataLocale),
    tracker: inertTracker,
    toasts: createToastStore(),
    i18n,
  }
  const handler = createStaticHandler(createRoutes())
  const captured: { context?: StaticHandlerContext } = {}
  try {
    await handler.query(query, {
      requestContext: routerContext(services),
      // Runs the routes' middleware (the pages route's messages) around the loaders, as the browser's router does.
      generateMiddlewareResponse: async (run) => {
        const result = await run(query)
        if (!(result instanceof Response)) captured.context = result
        return new Response(null)
      },
    })
  } catch {
    return null
  }
  const { context } = captured
  if (context?.statusCode !== 200 || context.errors || timeout.aborted) return null
  const router = createStaticRouter(handler.dataRoutes, context)
  const body = renderToString(
    <AppProvider value={{ mode: services.mode, toasts: services.toasts, i18n }}>
      <TrackerProvider tracker={inertTracker}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </TrackerProvider>
    </AppProvider>,
  )
  return fillTemplate(
    // The page's language, as the browser's `<html lang>` will say once the app runs.
    options.template.replace(/<html lang="[^"]*"/, `<html lang="${languageTag(i18n.locale())}"`),
    body,
    servedPageBlock({
      locale: i18n.locale(),
      mode: services.mode,
      state: { loaderData: context.loaderData },
    }),
  )
}

// The title React rendered goes into <head> (React 19 leaves a <title> of a partial render where it stands).
function fillTemplate(template: string, body: string, block: string): string | null {
  const root = '<div id="root"></div>'
  if (!template.includes(root)) return null
  let page = body
  let html = template
  const title = /<title>([\s\S]*?)<\/title>/.exec(body)
  if (title) {
    page = body.replace(title[0], '')
    html = html.replace(/<title>[\s\S]*?<\/title>/, () => title[0])
  }
  return deferBoot(html.replace(root, () => `<div id="root">${page}</div>${block}`))
}
