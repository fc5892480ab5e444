import { createHash } from 'node:crypto'
import type { AppSettings } from '../config/settings'

/**
 * Third-party origins a deployment's settings add to a page's policy, by directive (each empty by default).
 *
 * @example
 * ```ts
 * const extra: ExtraSources = { script: ['https://res.wx.qq.com'], connect: [], img: [] }
 * ```
 */
export interface ExtraSources {
  script: readonly string[]
  connect: readonly string[]
  img: readonly string[]
}

/** No third-party origin: the policy of a deployment with every setting empty. */
export const NO_EXTRA_SOURCES: ExtraSources = { script: [], connect: [], img: [] }

// The origin of an absolute http(s) URL; nothing for an empty or same-origin (root-relative) one, which 'self' covers.
function originOf(url: string): string[] {
  if (!/^https?:\/\//i.test(url)) return []
  try {
    return [new URL(url).origin]
  } catch {
    return []
  }
}

const unique = (values: string[]) => [...new Set(values)]

/**
 * The origins the app's settings need beyond its own: the JS-SDK's script host (its script, and the calls and image
 * beacons it makes to that host), the icon-font script's host, and WeChat's authorisation host, to which the JS-SDK
 * reports its configuration with an image beacon (the redirect to its authorise page is a navigation, which the
 * policy does not govern). Only the settings that are set, and only origins that are not the page's own.
 *
 * @example
 * ```ts
 * extraSourcesOf({ ...settings, jsSdkScriptURL: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js' }).script
 * // ['https://res.wx.qq.com']
 * ```
 */
export function extraSourcesOf(settings: AppSettings): ExtraSources {
  const sdk = originOf(settings.jsSdkScriptURL)
  return {
    script: unique([...sdk, ...originOf(settings.iconFontScriptURL)]),
    connect: unique(sdk),
    img: unique([...sdk, ...originOf(settings.oauthAuthorizeURL)]),
  }
}

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
 * The Content-Security-Policy of an HTML page: scripts, styles, images and calls from the app's own origin only,
 * plus the inline `<script>` and `<style>` blocks of this very page, allowed by their SHA-256 hashes (the build
 * inlines the critical stylesheet into index.html). Inline event handlers and `style=""` attributes stay blocked.
 *
 * @example
 * ```ts
 * contentSecurityPolicy('<style>body{margin:0}</style>')
 * // "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-…'; img-src 'self' data:; …"
 * ```
 */
export function contentSecurityPolicy(html: string, extra: ExtraSources = NO_EXTRA_SOURCES): string {
  const hashes = { script: [] as string[], style: [] as string[] }
  for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi)) {
    const tag = (match[1] ?? '').toLowerCase() as 'script' | 'style'
    const attributes = match[2] ?? ''
    const content = match[3] ?? ''
    // A script with src= runs the file (allowed by 'self'); its empty content needs no hash. A data block (a type
    // that is not JavaScript, e.g. the settings' application/json) is never run.
    if (tag === 'script' && /\ssrc\s*=/i.test(attributes)) continue
    // A data block (the settings, a served page's loader data) is never run: it needs no hash, and its hash would
    // change with every page's data.
    if (tag === 'script' && isDataBlock(attributes)) continue
    const hash = `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`
    if (!hashes[tag].includes(hash)) hashes[tag].push(hash)
  }
  const policy: Record<string, readonly string[]> = {
    ...BASE_POLICY,
    'script-src': [...BASE_POLICY['script-src'], ...extra.script, ...hashes.script],
    'style-src': [...BASE_POLICY['style-src'], ...hashes.style],
    'img-src': [...BASE_POLICY['img-src'], ...extra.img],
    'connect-src': [...BASE_POLICY['connect-src'], ...extra.connect],
  }
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ')
}

// The type of a script element that is run: none, empty, a JavaScript MIME type or a module.
function isDataBlock(attributes: string): boolean {
  const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes)
  if (!type) return false
  const value = (type[1] ?? type[2] ?? type[3] ?? '').trim().toLowerCase()
  return value !== '' && value !== 'module' && !/^(text|application)\/(x-)?(java|ecma)script$/.test(value)
}

const policies = new Map<string, string>()
const MAX_CACHED = 32

/**
 * The security headers of a page, the policy computed once per version of the file (`version`: its path, size and
 * modification time, as in its ETag) rather than hashed on every request; `extra`: the settings' origins.
 */
export function pageHeaders(
  html: () => string,
  version: string,
  extra: ExtraSources = NO_EXTRA_SOURCES,
): Record<string, string> {
  const key = `${version}|${extra.script.join(' ')}|${extra.connect.join(' ')}|${extra.img.join(' ')}`
  let policy = policies.get(key)
  if (policy === undefined) {
    policy = contentSecurityPolicy(html(), extra)
    // A rebuild leaves old versions behind; the cache only ever needs the current few.
    if (policies.size >= MAX_CACHED) policies.clear()
    policies.set(key, policy)
  }
  return { ...STATIC_HEADERS, 'content-security-policy': policy }
}
