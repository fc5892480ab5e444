import { jsonBlock } from '../config/json-block'
import type { AppSettings } from '../config/settings'
import { SETTINGS_ELEMENT_ID } from '../config/settings-element'

/**
 * Every setting empty: what a deployment without WeChat or an icon font serves.
 *
 * @example
 * injectSettings(html, NO_SETTINGS)
 */
export const NO_SETTINGS: AppSettings = {
  officialAccountAppId: '',
  oauthAuthorizeURL: '',
  jsSdkScriptURL: '',
  iconFontScriptURL: '',
}

/**
 * The page with the deployment's settings block placed at the end of its `<head>` (or before `<body>`, or at the
 * start, for a page without a head). A data block is not run, so the page's policy needs no hash for it.
 *
 * @example
 * injectSettings('<head></head>', NO_SETTINGS)
 * // '<head><script type="application/json" id="xdance-settings">{"officialAccountAppId":"",…}</script></head>'
 */
export function injectSettings(html: string, settings: AppSettings): string {
  const block = jsonBlock(SETTINGS_ELEMENT_ID, settings)
  const at = html.search(/<\/head\s*>/i)
  if (at !== -1) return `${html.slice(0, at)}${block}${html.slice(at)}`
  const body = html.search(/<body[\s>]/i)
  if (body !== -1) return `${html.slice(0, body)}${block}${html.slice(body)}`
  return `${block}${html}`
}
