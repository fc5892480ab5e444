import { GATEWAY_PREFIX } from '@xdance/contract'
import { type AppPart, createAnswer, plainAnswer } from './answer'
import { builtFiles } from './built-files'
import { settingsFromGateway } from './client-settings'
import { type ForwardGatewayOptions, forwardGateway } from './forward-gateway'
import { createPageCache, type PageCache } from './page-cache'
import { type PagesOptions, pages, type Render, serverRender } from './pages'

/** Options of {@link createAppServer}: those of its parts, each with a default but `dist` and `gateway`. */
export interface AppServerOptions extends ForwardGatewayOptions {
  /** The app's browser build (`apps/h5/dist`). */
  dist: string
  /** How the server's own calls (loaders, settings) reach the API. Default `gateway`; a test passes `fetchInside`. */
  api?: (request: Request) => Promise<Response>
  /** Default: the gateway's `GET /client-settings`, kept for a minute (`client-settings.ts`). */
  settings?: PagesOptions['settings']
  /** Default: {@link serverRender}, the loaders calling `api`; `false`: never, index.html for everyone. */
  render?: Render | false
  /** The signed-out pages kept in memory. Default: 5 s per URL and language (`page-cache.ts`). */
  cache?: PageCache
}

/**
 * The app's web server as a fetch handler, made of parts tried in turn: the gateway's paths forwarded
 * (`forward-gateway.ts`), other methods than GET and HEAD refused, the build's files (`built-files.ts`), and every
 * other request answered with a page (`pages.ts`), all answered alike (`answer.ts`: 304, HEAD, gzip).
 *
 * @example
 * const app = createAppServer({ dist: '/srv/h5/dist', gateway: gatewayForwarder('http://127.0.0.1:8081') })
 * const res = await app.fetch(new Request('http://h5.example/classes/7'))
 */
export function createAppServer(options: AppServerOptions): { fetch(request: Request): Promise<Response> } {
  const prefix = options.prefix ?? GATEWAY_PREFIX
  const api = options.api ?? options.gateway
  const answer = createAnswer()
  const parts: AppPart[] = [
    forwardGateway({ gateway: options.gateway, prefix, forwardPaths: options.forwardPaths }),
    onlyGetAndHead,
    builtFiles({ dist: options.dist, answer }),
  ]
  const page = pages({
    dist: options.dist,
    settings: options.settings ?? settingsFromGateway(api, prefix),
    render: options.render === false ? undefined : (options.render ?? serverRender(api, prefix)),
    cache: options.cache ?? createPageCache(),
    answer,
  })
  return {
    async fetch(request) {
      for (const part of parts) {
        const answered = await part(request)
        if (answered) return answered
      }
      return page(request)
    },
  }
}

// Outside the gateway's paths the app is read-only.
const onlyGetAndHead: AppPart = async (request) =>
  request.method === 'GET' || request.method === 'HEAD'
    ? undefined
    : plainAnswer(405, 'Method Not Allowed', { allow: 'GET, HEAD' })
