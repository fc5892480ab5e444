import { gzipSync } from 'node:zlib'
import { GATEWAY_PREFIX } from '@xdance/contract'
import type { AppSettings } from '../config/settings'
import { settingsFromGateway } from './client-settings'
import { type CachedPage, createPageCache, etagMatches, type PageCache } from './page-cache'
import { injectSettings } from './page-settings'
import { canRenderOnServer, renderPage } from './render-page'
import { extraSourcesOf, pageHeaders, STATIC_HEADERS } from './security-headers'
import { fileOf, mimeType, readBuiltFile } from './static-files'

/** Hashed build output lives here; its file names change with their content, so it may be cached for ever. */
const IMMUTABLE_DIR = '/assets/'
const IMMUTABLE = 'public, max-age=31536000, immutable'

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
  const forwardPaths = new Set(options.forwardPaths ?? ['/healthz'])
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
  const zipped = createGzipCache()

  return {
    async fetch(request) {
      const path = rawPath(request.url)
      if (path === prefix || path.startsWith(`${prefix}/`) || forwardPaths.has(path))
        return options.gateway(request)
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return new Response('Method Not Allowed', {
          status: 405,
          headers: { allow: 'GET, HEAD', ...STATIC_HEADERS },
        })
      }
      const head = request.method === 'HEAD'
      const ifNoneMatch = request.headers.get('if-none-match')
      // `version` names one version of one answer (its file and ETag): the key of its gzipped body.
      const answer = (
        body: string | Buffer,
        etag: string,
        headers: Record<string, string>,
        version: string,
      ) => answerWith(body, etag, headers, { ifNoneMatch, head, gzip: acceptsGzip(request), zipped, version })
      const target = fileOf(options.dist, path)
      if (target === undefined) return notFound()
      const settings = await settingsOf()
      const file = await readBuiltFile(target)
      if (file && !target.endsWith('.html')) {
        const cacheControl = path.startsWith(IMMUTABLE_DIR) ? IMMUTABLE : 'no-cache'
        return answer(
          file.body,
          file.etag,
          {
            ...STATIC_HEADERS,
            'content-type': mimeType(target),
            'cache-control': cacheControl,
          },
          `${target}:${file.etag}`,
        )
      }
      // A missing path that looks like a file (/assets/old-hash.js) is a 404: HTML there would be cached as a script.
      if (!file && /\.[^/]*$/.test(path)) return notFound()

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

/** Below this many bytes gzip saves less than its own header and the time it takes. */
const GZIP_MIN_BYTES = 1024
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|javascript)|image\/svg)/

/**
 * The gzipped bodies of recent answers by version (one file or page and its ETag): the entry chunk (about 360 KB,
 * 115 KB gzipped) is compressed once per version, not once per visitor. At most `max` kept, the oldest dropped.
 */
function createGzipCache(max = 64): (version: string, bytes: Buffer) => Buffer {
  const kept = new Map<string, Buffer>()
  return (version, bytes) => {
    let zipped = kept.get(version)
    if (!zipped) {
      zipped = gzipSync(bytes)
      kept.set(version, zipped)
      if (kept.size > max) kept.delete(kept.keys().next().value as string)
    }
    return zipped
  }
}

// `gzip` among the encodings the client accepts (`gzip;q=0` refuses it).
const acceptsGzip = (request: Request) =>
  /(^|,)\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[\d.]+)?\s*(,|$)/i.test(
    request.headers.get('accept-encoding') ?? '',
  )

function answerWith(
  body: string | Buffer,
  etag: string,
  headers: Record<string, string>,
  how: {
    ifNoneMatch: string | null
    head: boolean
    gzip: boolean
    zipped: (version: string, bytes: Buffer) => Buffer
    version: string
  },
): Response {
  const compressible = COMPRESSIBLE.test(headers['content-type'] ?? '')
  const vary = compressible
    ? { vary: headers.vary ? `${headers.vary}, accept-encoding` : 'accept-encoding' }
    : {}
  if (etagMatches(how.ifNoneMatch, etag))
    return new Response(null, { status: 304, headers: { ...headers, ...vary, etag } })
  let bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  const encoding: Record<string, string> = {}
  if (compressible && how.gzip && bytes.length >= GZIP_MIN_BYTES) {
    bytes = how.zipped(how.version, bytes)
    encoding['content-encoding'] = 'gzip'
  }
  // A gzipped body is another representation of the same version: its validator is weak (RFC 9110, 8.8.1).
  const sent = encoding['content-encoding'] && !etag.startsWith('W/') ? `W/${etag}` : etag
  return new Response(how.head ? null : new Uint8Array(bytes), {
    status: 200,
    headers: { ...headers, ...vary, ...encoding, etag: sent, 'content-length': String(bytes.length) },
  })
}

function notFound(): Response {
  return new Response('Not Found', {
    status: 404,
    headers: { ...STATIC_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })
}

function notBuilt(): Response {
  return new Response('The app is not built: run `pnpm turbo run build --filter=@xdance/h5...`.', {
    status: 503,
    headers: { ...STATIC_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })
}

// A short stable fingerprint (FNV-1a), so the browser module-free server needs no crypto for a settings tag.
function hashOf(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(16)
}

// The path as sent, still percent-encoded, so it is decoded exactly once.
function rawPath(url: string): string {
  const afterHost = url.indexOf('/', url.indexOf('//') + 2)
  const path = afterHost === -1 ? '/' : url.slice(afterHost)
  const end = path.search(/[?#]/)
  return end === -1 ? path : path.slice(0, end)
}
