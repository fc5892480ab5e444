import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'

/** A file of the build as served: its bytes and its ETag (size and modification time). */
export interface BuiltFile {
  body: Buffer
  etag: string
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
}

/**
 * The media type of a file by its extension; `application/octet-stream` when unknown.
 *
 * @example
 * mimeType('/assets/index-a1b2.js') // 'text/javascript; charset=utf-8'
 */
export function mimeType(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * The absolute path of a raw (percent-encoded) URL path inside `root`, or `undefined` for a path that could reach
 * outside it (`..`, an encoded slash trick, NUL, a backslash) or a dot file (`.env`, `.git`).
 *
 * @example
 * fileOf('/srv/dist', '/assets/a.js') // '/srv/dist/assets/a.js'
 * fileOf('/srv/dist', '/%2e%2e/secret') // undefined
 */
export function fileOf(root: string, rawPath: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(rawPath)
  } catch {
    return undefined
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return undefined
  const base = resolve(root)
  const target = resolve(base, `.${decoded}`)
  if (target !== base && !target.startsWith(base + sep)) return undefined
  return target
}

/**
 * The file at `path` with its ETag, or `undefined` when there is no such file (a folder is no file).
 *
 * @example
 * await readBuiltFile('/srv/dist/index.html') // { body: <Buffer …>, etag: 'W/"4d2-18c…"' }
 */
export async function readBuiltFile(path: string): Promise<BuiltFile | undefined> {
  try {
    const info = await stat(path)
    if (!info.isFile()) return undefined
    const body = await readFile(path)
    return { body, etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` }
  } catch {
    return undefined
  }
}

/**
 * The path of a URL as sent, still percent-encoded, so that it is decoded exactly once (by {@link fileOf}).
 *
 * @example
 * rawPath('http://h5.example/assets/%2e%2e/x.js?v=1') // '/assets/%2e%2e/x.js'
 */
export function rawPath(url: string): string {
  const afterHost = url.indexOf('/', url.indexOf('//') + 2)
  const path = afterHost === -1 ? '/' : url.slice(afterHost)
  const end = path.search(/[?#]/)
  return end === -1 ? path : path.slice(0, end)
}
