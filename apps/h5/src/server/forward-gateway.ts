import { GATEWAY_PREFIX } from '@xdance/contract'
import type { AppPart } from './answer'
import { rawPath } from './static-files'

/** Options of {@link forwardGateway}. */
export interface ForwardGatewayOptions {
  /** Reaches the gateway: every request under `prefix` (and `forwardPaths`) goes there as it is. */
  gateway: (request: Request) => Promise<Response>
  /** The gateway's base path. Default `/dance-gateway`. */
  prefix?: string | undefined
  /** Other paths answered by the gateway (exact match). Default `['/healthz']`. */
  forwardPaths?: readonly string[] | undefined
}

/**
 * The part of the app's server that hands the gateway's paths to the gateway: its prefix and everything under it,
 * and the few other paths it answers; any other request is passed on.
 *
 * @example
 * const api = forwardGateway({ gateway: gatewayForwarder('http://127.0.0.1:8081') })
 * await api(new Request('http://h5.example/dance-gateway/classes')) // the gateway's answer
 * await api(new Request('http://h5.example/classes')) // undefined
 */
export function forwardGateway(options: ForwardGatewayOptions): AppPart {
  const prefix = options.prefix ?? GATEWAY_PREFIX
  const exact = new Set(options.forwardPaths ?? ['/healthz'])
  return async (request) => {
    const path = rawPath(request.url)
    return path === prefix || path.startsWith(`${prefix}/`) || exact.has(path)
      ? options.gateway(request)
      : undefined
  }
}

/**
 * The gateway could not be reached at all (nothing listens: down, restarting). The app's server answers 502.
 */
export class GatewayUnreachable extends Error {
  override readonly name = 'GatewayUnreachable'
}

/**
 * The gateway hung up before answering. The app's server hangs up on the client too, as if the client had talked to
 * the gateway directly (a dev server's choice; nginx answers 502): a dropped connection reaches the page as one.
 */
export class GatewayHungUp extends Error {
  override readonly name = 'GatewayHungUp'
}

/**
 * Forwards a request to the gateway at `origin`, as a reverse proxy does: same method, path, query, headers and
 * body; redirects passed back, not followed; the client's address appended to `X-Forwarded-For`, the host and
 * scheme it reached said in `X-Forwarded-Host` and `X-Forwarded-Proto` (a gateway behind a trusted proxy reads
 * them: its JS-SDK signs the pages of the origin the visitor sees). Throws {@link GatewayUnreachable} or
 * {@link GatewayHungUp} when no answer came.
 *
 * @example
 * const toGateway = gatewayForwarder('http://127.0.0.1:8081')
 * await toGateway(new Request('http://127.0.0.1:8080/dance-gateway/org'))
 */
export function gatewayForwarder(origin: string, clientAddress?: (request: Request) => string | undefined) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const headers = new Headers(request.headers)
    headers.set('x-forwarded-host', request.headers.get('host') ?? url.host)
    headers.set('x-forwarded-proto', url.protocol.slice(0, -1))
    headers.delete('host')
    // Node's fetch would inflate a compressed answer and keep its content-encoding: ask for it plain.
    headers.delete('accept-encoding')
    const address = clientAddress?.(request)
    if (address) {
      const before = headers.get('x-forwarded-for')
      headers.set('x-forwarded-for', before ? `${before}, ${address}` : address)
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    let answer: Response
    try {
      answer = await fetch(new URL(`${url.pathname}${url.search}`, origin), {
        method: request.method,
        headers,
        redirect: 'manual',
        ...(hasBody ? { body: await request.arrayBuffer() } : {}),
      })
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } }).cause?.code
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH')
        throw new GatewayUnreachable(`the gateway at ${origin} cannot be reached (${String(code)})`, {
          cause: error,
        })
      throw new GatewayHungUp(`the gateway at ${origin} hung up (${String(code ?? error)})`, { cause: error })
    }
    const out = new Headers(answer.headers)
    out.delete('content-encoding')
    out.delete('content-length')
    out.delete('transfer-encoding')
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out })
  }
}
