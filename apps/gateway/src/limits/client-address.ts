import type { GatewayEnv } from '../routes/gateway-env'

/** The part of Hono's context the address is read from (any route's context has it). */
export interface AddressSource {
  env: GatewayEnv['Bindings'] | undefined
  req: { header(name: string): string | undefined }
}

/** The address of a request answered in-process (`createGateway().fetch`), where there is no socket. */
export const IN_PROCESS_ADDRESS = 'in-process'

/**
 * The client's address, the key of the per-address limits: the socket's remote address, or, when the gateway is
 * behind a trusted proxy, the last address of `X-Forwarded-For` (the one that proxy appended; anything left of it
 * was written by the client and proves nothing). IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is shown as IPv4.
 */
export function clientAddress(c: AddressSource, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return normalise(forwarded)
  }
  const remote = c.env?.incoming?.socket.remoteAddress
  return remote ? normalise(remote) : IN_PROCESS_ADDRESS
}

function normalise(address: string): string {
  return address.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')
}

/**
 * The origin the client reached: the request URL's, or, behind a trusted proxy, the scheme and host that proxy says
 * it was reached at (`X-Forwarded-Proto`, `X-Forwarded-Host`, the last of each): an nginx terminating TLS or the
 * app's server forwarding the API reach the gateway over plain http on another host and port.
 *
 * @example
 * ```ts
 * requestOrigin({ url: 'http://127.0.0.1:8081/dance-gateway/x', header: () => undefined }, true) // 'http://127.0.0.1:8081'
 * ```
 */
export function requestOrigin(
  req: { url: string; header(name: string): string | undefined },
  trustProxy: boolean,
): string {
  const url = new URL(req.url)
  if (!trustProxy) return url.origin
  const last = (name: string) => req.header(name)?.split(',').at(-1)?.trim()
  const proto = last('x-forwarded-proto')?.toLowerCase()
  const host = last('x-forwarded-host') || req.header('host')
  const scheme = proto === 'https' || proto === 'http' ? `${proto}:` : url.protocol
  try {
    return host ? new URL(`${scheme}//${host}`).origin : url.origin
  } catch {
    return url.origin
  }
}
