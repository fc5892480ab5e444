import { createHash } from 'node:crypto'
import { requestLocale } from './request-locale'

/** A rendered page as kept in memory: its HTML, its ETag, and when it stops being fresh. */
export interface CachedPage {
  html: string
  etag: string
  /** Epoch milliseconds after which the page is rendered again. */
  expiresAt: number
}

/**
 * A short-lived memory of the signed-out pages, per URL and language: a class link shared to a big WeChat group is
 * rendered once per `ttlMs` and then served from memory. At most `maxEntries` pages are kept (the oldest go first).
 *
 * @example
 * const cache = createPageCache({ ttlMs: 5_000, now: Date.now })
 * const page = await cache.get(request, () => renderPage(request, options)) // rendered once, then from memory
 */
export interface PageCache {
  /**
   * The page of `request` from memory while it is fresh; otherwise `render` runs (once, however many requests
   * arrive meanwhile) and its page is kept. A `null` page (left to the browser) is not kept.
   */
  get(request: Request, render: () => Promise<string | null>): Promise<CachedPage | null>
  /** Forgets every page. */
  clear(): void
  /** How many pages are kept. */
  size(): number
}

/** Options of {@link createPageCache}. */
export interface PageCacheOptions {
  /** How long a rendered page is served from memory: the most its data can be out of date. Default 5 000 ms. */
  ttlMs?: number
  /** Most pages kept. Default 500. */
  maxEntries?: number
  /** The clock seam. Default `Date.now`. */
  now?: () => number
}

/** How long a signed-out page is served from memory by default, i.e. how stale its data can be. */
export const PAGE_CACHE_TTL_MS = 5_000

/**
 * The key of a page: its URL (path and query) and the language it is rendered in ({@link requestLocale}, the
 * renderer's own choice), since a page rendered in another language is another page.
 *
 * @example
 * pageKey(new Request('http://h5.example/class/7?x=1', { headers: { 'accept-language': 'zh-CN;q=0.5,en' } }))
 * // 'en /class/7?x=1'
 */
export function pageKey(request: Request): string {
  const url = new URL(request.url)
  return `${requestLocale(request)} ${url.pathname}${url.search}`
}

/**
 * A page cache; see {@link PageCache}.
 *
 * @example
 * const cache = createPageCache({ ttlMs: 5_000 })
 */
export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const ttlMs = options.ttlMs ?? PAGE_CACHE_TTL_MS
  const maxEntries = options.maxEntries ?? 500
  const now = options.now ?? Date.now
  const pages = new Map<string, CachedPage>()
  const pending = new Map<string, Promise<CachedPage | null>>()
  return {
    async get(request, render) {
      const key = pageKey(request)
      const kept = pages.get(key)
      if (kept && kept.expiresAt > now()) return kept
      const running = pending.get(key)
      if (running) return running
      const rendering = render()
        .then((html) => {
          if (html === null) {
            pages.delete(key)
            return null
          }
          const page: CachedPage = {
            html,
            etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
            expiresAt: now() + ttlMs,
          }
          pages.delete(key)
          pages.set(key, page)
          // A Map keeps insertion order: the first key is the oldest page.
          while (pages.size > maxEntries) {
            const oldest = pages.keys().next().value
            if (oldest === undefined) break
            pages.delete(oldest)
          }
          return page
        })
        .finally(() => pending.delete(key))
      pending.set(key, rendering)
      return rendering
    },
    clear() {
      pages.clear()
    },
    size: () => pages.size,
  }
}
