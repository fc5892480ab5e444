import type { AppSettings } from '../config/settings'
import type { Answer } from './answer'
import { plainAnswer } from './answer'
import type { CachedPage, PageCache } from './page-cache'
import { injectSettings } from './page-settings'
import { canRenderOnServer, hasSession, renderPage } from './render-page'
import { extraSourcesOf, pageHeaders } from './security-headers'
import { fileOf, rawPath, readBuiltFile } from './static-files'

/** Renders a navigation into index.html (`template`) with its data, or `null` for index.html as it is. */
export type Render = (request: Request, template: string) => Promise<string | null>

/** Options of {@link pages}. */
export interface PagesOptions {
  /** The app's browser build (`apps/h5/dist`): its `index.html` and other HTML files. */
  dist: string
  /** The deployment's run-time settings written into every page. */
  settings: () => AppSettings | Promise<AppSettings>
  /** Renders a signed-out visitor's page ({@link serverRender}); `undefined`: never, index.html for everyone. */
  render?: Render | undefined
  /** The signed-out pages kept in memory, per URL and language (`createPageCache()`). */
  cache: PageCache
  /** How a page is answered (`304`, `HEAD`, gzip): `createAnswer()`. */
  answer: Answer
}

/**
 * The renderer of the app's server: {@link renderPage} with the loaders reaching the gateway's API through `api`.
 *
 * @example
 * const render = serverRender((request) => gateway.fetch(request), '/dance-gateway')
 */
export function serverRender(api: (request: Request) => Promise<Response>, prefix: string): Render {
  return (request, template) =>
    renderPage(request, { template, fetch: api, apiBase: new URL(prefix, request.url).href })
}

/**
 * The part of the app's server that answers every navigation with a page carrying the deployment's settings and its
 * security headers: a signed-out visitor's rendered with its data (kept in `cache` for a few seconds, with an ETag
 * for `304`), anyone else's index.html for the browser to render; an HTML file of the build as it is, with the
 * settings. A `503` says how to build the app when there is no index.html.
 *
 * @example
 * const page = pages({ dist, settings: () => NO_SETTINGS, render, cache: createPageCache(), answer: createAnswer() })
 * await page(new Request('http://h5.example/classes/7')) // the class page, rendered
 */
export function pages(options: PagesOptions): (request: Request) => Promise<Response> {
  const { render, cache, answer } = options
  const indexPath = `${options.dist.replace(/\/$/, '')}/index.html`
  // The policy of a rendered page is computed once per kept page, not per request.
  const headersOf = new WeakMap<CachedPage, Record<string, string>>()
  return async (request) => {
    const target = fileOf(options.dist, rawPath(request.url))
    const file = target?.endsWith('.html') ? await readBuiltFile(target) : undefined
    const index = file ?? (await readBuiltFile(indexPath))
    if (!index) return notBuilt()
    const settings = await options.settings()
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
            // The same for every signed-out visitor: a shared cache (nginx's proxy_cache, a CDN) may keep it for a
            // minute and serve it stale for five more while it revalidates; the browser revalidates each load.
            'cache-control': SHARED_PAGE_CACHE,
            // Rendered in the language the browser asks for, too.
            vary: 'cookie, accept-language',
          }
          headersOf.set(page, headers)
        }
        return answer(request, {
          body: page.html,
          etag: page.etag,
          headers,
          version: `rendered:${page.etag}`,
        })
      }
    }
    // The file's ETag with the settings' fingerprint: new settings are a new version of the page.
    const etag = index.etag.replace(/"$/, `-${hashOf(JSON.stringify(settings))}"`)
    const version = `${file ? target : indexPath}:${etag}`
    const headers: Record<string, string> = {
      ...pageHeaders(() => template, version, extra),
      'content-type': 'text/html; charset=utf-8',
      // A signed-in visitor's page is theirs: no shared cache keeps it, nor the browser's.
      'cache-control': hasSession(request) ? 'private, no-store' : 'no-cache',
    }
    // The same URL is rendered for a signed-out visitor: caches must tell the two apart.
    if (render) headers.vary = 'cookie'
    return answer(request, { body: template, etag, headers, version })
  }
}

/**
 * The caching of a page rendered for signed-out visitors: one minute in a shared cache (`s-maxage`), five more
 * served stale while it revalidates; the browser itself revalidates on every load (`max-age=0`, with the ETag).
 */
export const SHARED_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'

const notBuilt = () =>
  plainAnswer(503, 'The app is not built: run `pnpm turbo run build --filter=@xdance/h5...`.')

// A short stable fingerprint (FNV-1a), so the browser module-free server needs no crypto for a settings tag.
function hashOf(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(16)
}
