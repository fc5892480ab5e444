import type { GatewayClient, RequestOptions } from '@xdance/http'
import { type Locale, languageTag } from '../i18n/i18n'

/**
 * The client asking for the studio's data in the app's language: every call through `request` (the typed calls of
 * `callGateway`) carries `Accept-Language` with the language `locale` names at the time of the call.
 *
 * @example
 * const client = withDataLanguage(createGatewayClient({ baseURL }), () => i18n.dataLocale())
 */
export function withDataLanguage(client: GatewayClient, locale: () => Locale): GatewayClient {
  const request = (path: string, options: RequestOptions = {}) => {
    const headers = new Headers(options.headers)
    headers.set('accept-language', languageTag(locale()))
    return client.request(path, { ...options, headers })
  }
  return { ...client, request } as GatewayClient
}
