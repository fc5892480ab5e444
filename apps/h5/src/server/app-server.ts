import { GATEWAY_PREFIX } from '@xdance/contract'
import type { AppSettings } from '../config/settings'
import { createAnswer, plainAnswer } from './answer'
import { builtFiles } from './built-files'
import { settingsFromGateway } from './client-settings'
import { forwardGateway } from './forward-gateway'
import { type CachedPage, createPageCache, type PageCache } from './page-cache'
import { injectSettings } from './page-settings'
import { canRenderOnServer, renderPage } from './render-page'
import { extraSourcesOf, pageHeaders } from './security-headers'
import { fileOf, rawPath, readBuiltFile } from './static-files'

/** Options of {@link createAppServer}. */
export interface AppServerOptions {
  /** The app's browser build (`apps/h5/dist`). */
  dist: string
  /** Reaches the gateway: every request under `prefix` (and `forwardPaths`) goes there as it is. */
  gateway: (request: Request) => Promise<Response>
  /**
   * How the server's own calls (the renderer's loaders, the deployment's settings) reach the gateway's API. Default
   * `gateway`. A test passes the gateway's in-process `fetchInside`, so that the faults it injects stand for the
   * phone's network only.
   */
  api?: (request: Request) => Promise<Response>
  /** The gateway's base path. Default `/dance-gateway`. */
  prefix?: string
  /** Other paths answered by the gateway (exact match). Default `['/healthz']`. */
  forwardPaths?: readonly string[]
  /**
   * The deployment's run-time settings written into every page. Default: the gateway's `GET /client-settings`, kept
   * for a minute (see `client-settings.ts`).
   */
  settings?: () => AppSettings | Promise<AppSettings>
  /**
   * Renders a navigation into index.html (`template`) with its data, or `null` for index.html as it is. Default:
   * {@link renderPage} with the loaders calling `gateway`; `false`: never.
   */
  render?: ((request: Request, template: string) => Promise<string | null>) | false
  /** The signed-out pages kept in memory (default: 5 s per URL and language, see `page-cache.ts`). */
  cache?: PageCache
}

/**
 * The app's web server as a fetch handler: the gateway's paths forwarded, the built files (hashed assets cached for
 * a year, `immutable`; the rest revalidated), and every navigation answered with a page: a signed-out visitor's
 * rendered on the server with its data (kept in memory for a few seconds, with an ETag for `304`), anyone else's
 * index.html for the browser to render. Every page carries the deployment's settings and its security headers.
 *
 * @example
 * const app = createAppServer({ dist: '/srv/h5/dist', gateway: (request) => fetch(toGateway(request)) })
 * const res = await app.fetch(new Request('http://h5.example/class/7'))
 */
export function createAppServer(options: AppServerOptions): { fetch(request: Request): Promise<Response> } {
  const prefix = options.prefix ?? GATEWAY_PREFIX
  const toGateway = forwardGateway({ gateway: options.gateway, prefix, forwardPaths: options.forwardPaths })
  const cache = options.cache ?? createPageCache()
  const api = options.api ?? options.gateway
  const settingsOf = options.settings ?? settingsFromGateway(api, prefix)
  const render =
    options.render === false
      ? undefined
      : (options.render ??
        ((request: Request, template: string) =>
          renderPage(request, {
            template,
            fetch: api,
            apiBase: new URL(prefix, request.url).href,
          })))
  // The policy of a rendered page is computed once per kept page, not per request.
  const headersOf = new WeakMap<CachedPage, Record<string, string>>()
  const answerOf = createAnswer()
  const files = builtFiles({ dist: options.dist, answer: answerOf })

  return {
    async fetch(request) {
      const forwarded = await toGateway(request)
      if (forwarded) return forwarded
      const path = rawPath(request.url)
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return plainAnswer(405, 'Method Not Allowed', { allow: 'GET, HEAD' })
      }
      const answer = (
        body: string | Buffer,
        etag: string,
        headers: Record<string, string>,
        version: string,
      ) => answerOf(request, { body, etag, headers, version })
      const served = await files(request)
      if (served) return served
      const target = fileOf(options.dist, path)
      const file = target?.endsWith('.html') ? await readBuiltFile(target) : undefined
      const settings = await settingsOf()
      const indexPath = `${options.dist.replace(/\/$/, '')}/index.html`
      const index = file ?? (await readBuiltFile(indexPath))
      if (!index) return notBuilt()
      const template = injectSettings(index.body.toString('utf8'), settings)
      const extra = extraSourcesOf(settings)
      if (render && !file && canRenderOnServer(request)) {
        const page = await cache.get(request, () => render(request, template))
        if (page) {
          let headers = headersOf.get(page)
          if (!headers) {
            headers = {
              ...pageHeaders(() => page.html, `rendered:${page.etag}`, extra),
              'content-type': 'text/html; charset=utf-8',
              // The same for every signed-out visitor, but a signed-in one gets index.html at this URL: revalidate.
              'cache-control': 'no-cache',
              // Rendered in the language the browser asks for, too.
              vary: 'cookie, accept-language',
            }
            headersOf.set(page, headers)
          }
          return answer(page.html, page.etag, headers, `rendered:${page.etag}`)
        }
      }
      const etag = index.etag.replace(/"$/, `-${hashOf(JSON.stringify(settings))}"`)
      const headers: Record<string, string> = {
        ...pageHeaders(() => template, `${indexPath}:${etag}`, extra),
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
      }
      // The same URL is rendered for a signed-out visitor: caches must tell the two apart.
      if (render) headers.vary = 'cookie'
      return answer(template, etag, headers, `${indexPath}:${etag}`)
    },
  }
}

const notBuilt = () =>
  plainAnswer(503, 'The app is not built: run `pnpm turbo run build --filter=@xdance/h5...`.')

// A short stable fingerprint (FNV-1a), so the browser module-free server needs no crypto for a settings tag.
function hashOf(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(16)
}
