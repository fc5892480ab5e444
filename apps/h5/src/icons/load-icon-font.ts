import { readSettings } from '../config/settings'
import { loadScript } from '../lib/load-script'

/** The class the page's root gets once the icon font's symbols are there: tab-bar.module.css then shows them. */
export const ICON_FONT_CLASS = 'icon-font'

/**
 * Loads the deployment's icon-font symbol script, its address read (and checked) from the page's settings block
 * `settingsText` (a chunk of its own, fetched only when the setting is given, once the browser is idle after the
 * first paint); once it has run and its `icon-home` symbol is in the page, the root gets {@link ICON_FONT_CLASS} and
 * the tab bar draws the font's symbols. An invalid address, a script that fails or one without the symbols changes
 * nothing: the built-in icons stay.
 *
 * @example
 * loadIconFont(document, document.getElementById('xdance-settings')?.textContent ?? '')
 */
export async function loadIconFont(doc: Document, settingsText: string): Promise<void> {
  const url = readSettings(settingsText).iconFontScriptURL
  if (!url) return
  await loadScript(doc, url).then(
    () => {
      if (doc.getElementById('icon-home')?.tagName.toLowerCase() === 'symbol') {
        doc.documentElement.classList.add(ICON_FONT_CLASS)
      }
    },
    () => undefined,
  )
}
