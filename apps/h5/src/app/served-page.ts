import type { Mode } from '@xdance/session'
import type { HydrationState } from 'react-router'
import { jsonBlock } from '../config/json-block'
import type { Locale } from '../i18n/i18n'

/** The id of the JSON block a server-rendered page carries (never executed: a data block needs no CSP hash). */
export const SERVED_PAGE_ID = 'xdance-page'

/**
 * The event the app dispatches on `window` when it takes a served page over (hydrating or drawing afresh): the
 * page's boot script holds native form submissions until then.
 */
export const START_EVENT = 'xdance:start'

/** What the server rendered the page with: the browser hydrates only when it would render the same. */
export interface ServedPage {
  locale: Locale
  mode: Mode
  /** The loaders' data, handed to the browser's router so no loader runs twice. */
  state: Pick<HydrationState, 'loaderData'>
}

/**
 * The `<script type="application/json">` block of a server-rendered page. `<` is escaped, so no data (an article
 * title holding `</script>`) can end the block early.
 *
 * @example
 * servedPageBlock({ locale: 'zh', mode: 'web', state: { loaderData: { root: null } } })
 * // '<script type="application/json" id="xdance-page">{"locale":"zh",…}</script>'
 */
export function servedPageBlock(page: ServedPage): string {
  return jsonBlock(SERVED_PAGE_ID, page)
}

/**
 * The served page's block, or `undefined` when the page was not rendered on the server or the block is not one of
 * ours (then the app renders from scratch, as on a static host).
 *
 * @example
 * readServedPage(document) // { locale: 'zh', mode: 'web', state: { loaderData: {…} } }
 */
export function readServedPage(doc: {
  getElementById(id: string): { textContent: string | null } | null
}): ServedPage | undefined {
  try {
    const page = JSON.parse(
      doc.getElementById(SERVED_PAGE_ID)?.textContent || 'null',
    ) as Partial<ServedPage> | null
    const loaderData = page?.state?.loaderData
    return (page?.locale === 'zh' || page?.locale === 'en') &&
      (page.mode === 'web' || page.mode === 'app') &&
      typeof loaderData === 'object' &&
      loaderData !== null &&
      !Array.isArray(loaderData)
      ? { locale: page.locale, mode: page.mode, state: { loaderData } }
      : undefined
  } catch {
    return undefined
  }
}
