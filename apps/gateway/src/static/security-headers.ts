import { createHash } from 'node:crypto'

/** The policy of every page of the app, before the hashes of the page's own inline blocks are added. */
const BASE_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // The favicon is an SVG data: URL in index.html.
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const

/** Headers of every answer of the app (not the API): the policy is added per page by {@link pageHeaders}. */
export const STATIC_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const

/**
 * The Content-Security-Policy of an HTML page: scripts, styles, images and calls from the gateway's own origin only,
 * plus the inline `<script>` and `<style>` blocks of this very page, allowed by their SHA-256 hashes (the build
 * inlines the critical stylesheet into index.html). Inline event handlers and `style=""` attributes stay blocked.
 *
 * @example
 * ```ts
 * contentSecurityPolicy('<style>body{margin:0}</style>')
 * // "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-…'; img-src 'self' data:; …"
 * ```
 */
export function contentSecurityPolicy(html: string): string {
  const hashes = { script: [] as string[], style: [] as string[] }
  for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi)) {
    const tag = (match[1] ?? '').toLowerCase() as 'script' | 'style'
    const attributes = match[2] ?? ''
    const content = match[3] ?? ''
    // A script with src= runs the file (allowed by 'self'); its empty content needs no hash.
    if (tag === 'script' && /\ssrc\s*=/i.test(attributes)) continue
    // A data block (the served page's loader data) is never run: it needs no hash, and its hash would change with
    // every page's data.
    if (tag === 'script' && /\stype\s*=\s*["']?application\/json/i.test(attributes)) continue
    const hash = `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`
    if (!hashes[tag].includes(hash)) hashes[tag].push(hash)
  }
  const policy: Record<string, readonly string[]> = {
    ...BASE_POLICY,
    'script-src': [...BASE_POLICY['script-src'], ...hashes.script],
    'style-src': [...BASE_POLICY['style-src'], ...hashes.style],
  }
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ')
}

const policies = new Map<string, string>()
const MAX_CACHED = 32

/**
 * The security headers of a page, the policy computed once per version of the file (`version`: its path, size and
 * modification time, as in its ETag) rather than hashed on every request.
 */
export function pageHeaders(html: () => string, version: string): Record<string, string> {
  let policy = policies.get(version)
  if (policy === undefined) {
    policy = contentSecurityPolicy(html())
    // A rebuild leaves old versions behind; the cache only ever needs the current few.
    if (policies.size >= MAX_CACHED) policies.clear()
    policies.set(version, policy)
  }
  return { ...STATIC_HEADERS, 'content-security-policy': policy }
}
