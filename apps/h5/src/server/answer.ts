import { gzipSync } from 'node:zlib'
import { STATIC_HEADERS } from './security-headers'

/**
 * A part of the app's server: a fetch handler that answers the requests it owns and passes the others on
 * (`undefined`), so that `app-server.ts` tries the parts in turn.
 */
export type AppPart = (request: Request) => Promise<Response | undefined>

/** One version of one answer: its body, ETag and headers. */
export interface Representation {
  body: string | Buffer
  etag: string
  headers: Record<string, string>
  /** Names this version (its file or page, and its ETag): the key of its gzipped body. */
  version: string
}

/** Answers a request with a representation: `304`, `HEAD`, gzip and `Vary` as the request asks. */
export type Answer = (request: Request, representation: Representation) => Response

/** Options of {@link createAnswer}. */
export interface AnswerOptions {
  /** Most gzipped bodies kept. Default 64. */
  keep?: number
  /** The compressor seam. Default `gzipSync`. */
  gzip?: (bytes: Buffer) => Buffer
}

/** Below this many bytes gzip saves less than its own header and the time it takes. */
export const GZIP_MIN_BYTES = 1024
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|javascript)|image\/svg)/

/**
 * The answer of every file and page of the app: `304` when the browser's copy is current (`If-None-Match`), no body
 * to a `HEAD`, and text of 1 KB or more gzipped for a client that accepts it (`Vary: Accept-Encoding`, a weak ETag).
 * Each version is compressed once, not once per visitor (the entry chunk, about 360 KB, is 115 KB gzipped): the
 * last `keep` are kept, the oldest dropped.
 *
 * @example
 * const answer = createAnswer()
 * answer(request, { body: html, etag: '"abc"', headers: { 'content-type': 'text/html' }, version: 'page:"abc"' })
 */
export function createAnswer(options: AnswerOptions = {}): Answer {
  const { keep = 64, gzip = gzipSync } = options
  const kept = new Map<string, Buffer>()
  const zipped = (version: string, bytes: Buffer) => {
    let body = kept.get(version)
    if (!body) {
      body = gzip(bytes)
      kept.set(version, body)
      if (kept.size > keep) kept.delete(kept.keys().next().value as string)
    }
    return body
  }
  return (request, { body, etag, headers, version }) => {
    const compressible = COMPRESSIBLE.test(headers['content-type'] ?? '')
    const vary = compressible
      ? { vary: headers.vary ? `${headers.vary}, accept-encoding` : 'accept-encoding' }
      : {}
    if (etagMatches(request.headers.get('if-none-match'), etag))
      return new Response(null, { status: 304, headers: { ...headers, ...vary, etag } })
    let bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
    const encoding: Record<string, string> = {}
    if (compressible && acceptsGzip(request) && bytes.length >= GZIP_MIN_BYTES) {
      bytes = zipped(version, bytes)
      encoding['content-encoding'] = 'gzip'
    }
    // A gzipped body is another representation of the same version: its validator is weak (RFC 9110, 8.8.1).
    const sent = encoding['content-encoding'] && !etag.startsWith('W/') ? `W/${etag}` : etag
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), {
      status: 200,
      headers: { ...headers, ...vary, ...encoding, etag: sent, 'content-length': String(bytes.length) },
    })
  }
}

/**
 * Whether the client accepts gzip (`gzip;q=0` refuses it).
 *
 * @example
 * acceptsGzip(new Request('http://h5.example/', { headers: { 'accept-encoding': 'gzip, br' } })) // true
 */
export function acceptsGzip(request: Request): boolean {
  return /(^|,)\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[\d.]+)?\s*(,|$)/i.test(
    request.headers.get('accept-encoding') ?? '',
  )
}

/**
 * Whether an `If-None-Match` header names `etag` (the browser's copy is current: answer 304).
 *
 * @example
 * etagMatches('W/"a", "b"', '"b"') // true
 */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const plain = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === plain
  })
}

/**
 * A short plain-text answer that no cache keeps (a 404, a 503), with the app's headers.
 *
 * @example
 * plainAnswer(404, 'Not Found')
 */
export function plainAnswer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: {
      ...STATIC_HEADERS,
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  })
}
