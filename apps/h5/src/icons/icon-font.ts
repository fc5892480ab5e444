import { useSyncExternalStore } from 'react'

/** Dispatched on the document once the icon-font script has run. */
export const ICON_FONT_EVENT = 'xdance:icon-font'

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
