import type { Envelope } from '@xdance/contract'
import { type FetchOptions, type FetchResponse, ofetch } from 'ofetch'
import { isSuccessCode } from './constants'
import { GatewayError, GatewayTransportError, type TransportErrorKind } from './errors'
import type { RequestOptions } from './types'
import { runUnauthorizedOnce } from './unauthorized'

const transportError = (kind: TransportErrorKind, status?: number, cause?: unknown) =>
  new GatewayTransportError(`${kind} ${status ?? ''}`, { kind, timeout: kind === 'timeout', status }, cause)

const gatewayError = (code: number | string, envelope?: Envelope, unauthorized = false) => {
  const { msg, tips, data } = envelope ?? {}
  return new GatewayError(msg || tips || `Code ${code}`, { code, msg, tips, data, unauthorized })
}

/**
 * One attempt of a call, in its own `timeout` window (body included): reads the envelope and resolves its `data`
 * (the envelope itself with `needCode`), or rejects with the package's errors: `GatewayTransportError` (timeout,
 * the caller's abort, network, a non-2xx status, no envelope) or `GatewayError` (a failure code, or a refused
 * session: HTTP 401 or a code in `unauthorizedCodes`, after running `onUnauthorized` at most once per window).
 * `init` is ofetch's options for the call; its `signal` is set here.
 * @example
 * await sendOnce(`${base}${path}`, init, HTTP_TIMEOUT, { needCode: true }, ['401'], clearTokensAndReload)
 */
export async function sendOnce(
  url: string,
  init: FetchOptions<'json'>,
  timeout: number,
  { signal, needCode }: RequestOptions,
  unauthorizedCodes: string[],
  onUnauthorized: () => void,
): Promise<unknown> {
  // A fresh signal per attempt (ofetch 1.x hands a retry the signal its own timeout already aborted), aborted when the
  // window runs out or the caller's signal aborts. Made of AbortController and setTimeout: AbortSignal.timeout (Safari
  // 16, Chromium 103) and AbortSignal.any (Safari 17.4, Chromium 116) are above the support floor (iOS 15, Chromium 87).
  const controller = new AbortController()
  const own = controller.signal
  const abort = () => controller.abort()
  const timer = setTimeout(abort, timeout)
  signal?.addEventListener('abort', abort)
  if (signal?.aborted) abort()
  // ofetch copies the options it is given, so one object serves every attempt.
  init.signal = own
  // Resolves once the body is read, so a slow body counts against the window too. The caller's signal is looked at
  // first: its abort is never taken for a timeout.
  let response: FetchResponse<Envelope | undefined>
  try {
    response = await ofetch.raw<Envelope | undefined>(url, init)
  } catch (cause) {
    throw transportError(signal?.aborted ? 'abort' : own.aborted ? 'timeout' : 'network', undefined, cause)
  } finally {
    // The timer and the listener go with the attempt: a caller's signal shared by many calls collects nothing.
    clearTimeout(timer)
    signal?.removeEventListener('abort', abort)
  }
  const { status } = response
  // ofetch reads JSON (content type JSON or none; tolerant: bad JSON stays a string), text (an HTML error page) or a
  // Blob; only an object with a code is an envelope.
  const envelope = response._data
  const code = envelope?.code
  if (status === 401 || unauthorizedCodes.includes(String(code))) {
    runUnauthorizedOnce(onUnauthorized)
    throw gatewayError(status === 401 ? 401 : (code as number | string), envelope, true)
  }
  if (!response.ok) throw transportError('http', status)
  if (code == null) throw transportError('parse', status)
  // The contract's gateway always sends msg and tips; another one may leave them out, so a needCode caller gets them
  // as the contract types them, '' when missing.
  if (needCode) return { msg: '', tips: '', ...envelope }
  if (isSuccessCode(code)) return (envelope as Envelope).data
  throw gatewayError(code, envelope)
}
