import { useSyncExternalStore } from 'react'
import { loadScript } from '../lib/load-script'

/** Dispatched on the document once the icon-font script has run. */
export const ICON_FONT_EVENT = 'xdance:icon-font'

/** The browser parts the loader uses (a test passes its own). */
export interface IconFontEnv {
  doc: Document
  /** Runs `work` when the browser is idle after the first paint (`requestIdleCallback`, else a timeout). */
  whenIdle?: (work: () => void) => void
}

const idle = (work: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: 3_000 })
  else setTimeout(work, 1)
}

/**
 * Loads the deployment's icon-font symbol script once the browser is idle (never before the first paint, never
 * blocking), then tells the icons to switch to its symbols. Without an address, or when it fails, nothing changes:
 * the built-in icons stay.
 *
 * @example
 * loadIconFont({ doc: document }, settings.iconFontScriptURL)
 */
export function loadIconFont(env: IconFontEnv, url: string): void {
  if (!url) return
  ;(env.whenIdle ?? idle)(() => {
    loadScript(env.doc, url).then(
      () => env.doc.dispatchEvent(new Event(ICON_FONT_EVENT)),
      () => undefined,
    )
  })
}

/**
 * Whether the page has the icon font's symbol `id` (`icon-home`): re-renders the caller when the font arrives.
 *
 * @example
 * const font = useIconSymbol('icon-home')
 * return font ? <svg><use href="#icon-home" /></svg> : <BuiltInHome />
 */
export function useIconSymbol(id: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      document.addEventListener(ICON_FONT_EVENT, changed)
      return () => document.removeEventListener(ICON_FONT_EVENT, changed)
    },
    () => document.getElementById(id)?.tagName.toLowerCase() === 'symbol',
    () => false,
  )
}
