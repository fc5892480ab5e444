import { type Answer, type AppPart, plainAnswer } from './answer'
import { STATIC_HEADERS } from './security-headers'
import { fileOf, mimeType, rawPath, readBuiltFile } from './static-files'

/** Hashed build output lives here; its file names change with their content, so it may be cached for ever. */
export const IMMUTABLE_DIR = '/assets/'
/** The `Cache-Control` of a hashed file. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Options of {@link builtFiles}. */
export interface BuiltFilesOptions {
  /** The app's browser build (`apps/h5/dist`). */
  dist: string
  /** How a file is answered (`304`, `HEAD`, gzip): `createAnswer()`. */
  answer: Answer
}

/**
 * The part of the app's server that serves the build's files: hashed ones under `/assets/` cached for a year
 * (`immutable`), the rest revalidated (`no-cache`), each with its ETag. A path that could leave the build or names a
 * dot file, and a missing path that looks like a file (`/assets/old-hash.js`: HTML there would be cached as a
 * script), is a 404. An HTML file and a navigation (a path without an extension) are passed on to the pages.
 *
 * @example
 * const files = builtFiles({ dist: '/srv/h5/dist', answer: createAnswer() })
 * await files(new Request('http://h5.example/assets/index-a1b2.js')) // 200, immutable
 * await files(new Request('http://h5.example/classes/7')) // undefined: a page
 */
export function builtFiles({ dist, answer }: BuiltFilesOptions): AppPart {
  return async (request) => {
    const path = rawPath(request.url)
    const target = fileOf(dist, path)
    if (target === undefined) return notFound()
    const file = await readBuiltFile(target)
    if (file && !target.endsWith('.html')) {
      const headers = {
        ...STATIC_HEADERS,
        'content-type': mimeType(target),
        'cache-control': path.startsWith(IMMUTABLE_DIR) ? IMMUTABLE : 'no-cache',
      }
      return answer(request, { body: file.body, etag: file.etag, headers, version: `${target}:${file.etag}` })
    }
    if (!file && /\.[^/]*$/.test(path)) return notFound()
    return undefined
  }
}

const notFound = () => plainAnswer(404, 'Not Found')
