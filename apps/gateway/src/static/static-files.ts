import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { getMimeType } from 'hono/utils/mime'
import { type AppSettings, NO_SETTINGS, withSettings } from './app-settings'
import { placeholderPage } from './placeholder-page'
import { extraSourcesOf, pageHeaders, STATIC_HEADERS } from './security-headers'

/** Hashed build output lives here; its file names change with their content, so it may be cached for ever. */
const IMMUTABLE_DIR = '/assets/'
const IMMUTABLE = 'public, max-age=31536000, immutable'

interface StaticRequest {
  method: string
  /** The raw (still percent-encoded) URL path. */
  path: string
  ifNoneMatch: string | undefined
  /**
   * Renders a navigation's page into index.html (`template`) with its data, or answers `null` to serve index.html
   * as it is. Absent: always index.html.
   */
  render?: ((template: string) => Promise<string | null>) | undefined
}

/**
 * Answers a GET or HEAD for the H5 app from `root`: the file when there is one, `index.html` for a navigation
 * (history-mode routing), 404 for a missing file-like path, and a placeholder page while the app is not built.
 * Nothing outside `root` is ever read. HTML pages carry the deployment's `settings` (see `app-settings.ts`).
 */
export async function serveStatic(
  root: string,
  request: StaticRequest,
  prefix: string,
  settings: AppSettings = NO_SETTINGS,
): Promise<Response> {
  const head = request.method === 'HEAD'
  let decoded: string
  try {
    decoded = decodeURIComponent(request.path)
  } catch {
    return notFound()
  }
  // NUL and backslashes have no business in a URL path and are classic ways around the checks below.
  if (decoded.includes('\0') || decoded.includes('\\')) return notFound()
  const base = resolve(root)
  const target = resolve(base, `.${decoded}`)
  if (target !== base && !target.startsWith(base + sep)) return notFound()
  // Dot files (.env, .git) are never part of a build.
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return notFound()

  const file = await readIfFile(target)
  if (file) {
    const cacheControl = decoded.startsWith(IMMUTABLE_DIR) ? IMMUTABLE : 'no-cache'
    return fileResponse(file, target, cacheControl, request.ifNoneMatch, head, settings)
  }
  // A missing path that looks like a file (/assets/old-hash.js, /favicon.ico) is a 404, not the app:
  // answering HTML there would be cached as a script or image.
  if (extname(decoded) !== '') return notFound()

  const indexPath = resolve(base, 'index.html')
  const index = await readIfFile(indexPath)
  if (index && request.render && !head) {
    const template = withSettings(index, settings).body.toString('utf8')
    const page = await request.render(template)
    if (page !== null) {
      return new Response(page, {
        status: 200,
        headers: {
          // The rendered page's inline blocks (index.html's, plus the boot of its deferred script) are the same for
          // every page of one build: its policy is computed once per version of index.html.
          ...pageHeaders(() => page, `${indexPath}:${index.etag}:rendered`, extraSourcesOf(settings)),
          'content-type': 'text/html; charset=utf-8',
          // Today's data, and a signed-in visitor gets index.html instead: never from a shared cache.
          'cache-control': 'private, no-cache',
          vary: 'cookie',
        },
      })
    }
  }
  if (index) {
    const response = fileResponse(index, indexPath, 'no-cache', request.ifNoneMatch, head, settings)
    // The same URL is rendered for a signed-out visitor: caches must tell the two apart.
    if (request.render) response.headers.set('vary', 'cookie')
    return response
  }
  const placeholder = placeholderPage(base, prefix)
  return new Response(head ? null : placeholder, {
    status: 200,
    headers: {
      ...pageHeaders(() => placeholder, `placeholder:${placeholder}`),
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    },
  })
}

async function readIfFile(path: string): Promise<{ body: Buffer; etag: string } | undefined> {
  try {
    const info = await stat(path)
    if (!info.isFile()) return undefined
    const body = await readFile(path)
    return { body, etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` }
  } catch {
    return undefined
  }
}

function fileResponse(
  served: { body: Buffer; etag: string },
  path: string,
  cacheControl: string,
  ifNoneMatch: string | undefined,
  head: boolean,
  settings: AppSettings,
): Response {
  const type = getMimeType(path) ?? 'application/octet-stream'
  const html = type.startsWith('text/html')
  const file = html ? withSettings(served, settings) : served
  const security = html
    ? pageHeaders(() => file.body.toString('utf8'), `${path}:${file.etag}`, extraSourcesOf(settings))
    : STATIC_HEADERS
  const headers = {
    ...security,
    'content-type': type,
    'cache-control': cacheControl,
    etag: file.etag,
  }
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === file.etag)) {
    return new Response(null, { status: 304, headers })
  }
  // HEAD answers the same headers, content-length included, without the body.
  return new Response(head ? null : new Uint8Array(file.body), {
    status: 200,
    headers: { ...headers, 'content-length': String(file.body.length) },
  })
}

function notFound(): Response {
  return new Response('Not Found', {
    status: 404,
    headers: { ...STATIC_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })
}
