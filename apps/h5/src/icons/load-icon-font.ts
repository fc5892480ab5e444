import { loadScript } from '../lib/load-script'

// The event `useIconSymbol` listens to (ICON_FONT_EVENT in icon-font.ts): not imported, which would pull React into
// this chunk.
const ICON_FONT_EVENT = 'xdance:icon-font'

/**
 * Loads the deployment's icon-font symbol script (a chunk of its own, fetched only when the setting is on, once the
 * browser is idle after the first paint), then tells the icons to switch to its symbols. When it fails nothing
 * changes: the built-in icons stay.
 *
 * @example
 * loadIconFont(document, settings.iconFontScriptURL)
 */
export function loadIconFont(doc: Document, url: string): Promise<void> {
  return loadScript(doc, url).then(
    () => void doc.dispatchEvent(new Event(ICON_FONT_EVENT)),
    () => undefined,
  )
}
