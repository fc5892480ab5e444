import { DEFAULT_MESSAGES } from '@xdance/http/errors'
import type { Translate } from '../i18n/i18n'

/**
 * The gateway client's toast text in the customer's language. The client's own texts (timeout, generic request
 * error) are translated at the moment they are shown; a server's `msg` or `tips` is shown as the server wrote it.
 *
 * @example
 * localiseClientMessage(i18n.t, '请求超时，请重试', 'timeout') // 'Request timed out, please retry' in English
 */
export function localiseClientMessage(t: Translate, message: string, kind: 'error' | 'timeout'): string {
  if (kind === 'timeout') return t('toast.timeout')
  if (message === DEFAULT_MESSAGES.requestError) return t('toast.requestError')
  return message
}
