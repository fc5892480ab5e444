import type { Envelope } from '@xdance/contract'
import type { FetchResponse } from 'ofetch'
import { isSuccessCode } from './constants'
import { GatewayError, transportError } from './errors'
import { runUnauthorizedOnce } from './unauthorized'

const gatewayError = (code: number | string, envelope?: Envelope, unauthorized = false) => {
  const { msg, tips, data } = envelope ?? {}
  return new GatewayError(msg || tips || `Code ${code}`, { code, msg, tips, data, unauthorized })
}

/**
 * What an answer means, once its body is read: the envelope's `data` (the envelope itself with `needCode`), or a
 * throw: `GatewayError` for a failure code or a refused session (HTTP 401 or a code in `unauthorizedCodes`, after
 * running `onUnauthorized` at most once per window), `GatewayTransportError` kind `http` (a non-2xx status) or
 * `parse` (no envelope). Synchronous: the call's one async function awaits nothing more for it.
 * @example
 * return readEnvelope(await ofetch.raw(url, init), request.needCode, ['401'], clearTokensAndReload)
 */
export function readEnvelope(
  response: FetchResponse<Envelope | undefined>,
  needCode: boolean | undefined,
  unauthorizedCodes: string[],
  onUnauthorized: () => void,
): unknown {
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
