import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * `false` while React hydrates a page the server rendered (its first render must match the server's HTML), `true`
 * from the render after, and always `true` in a page the browser drew itself. A button that does something only
 * with JavaScript is disabled until then, so a tap on the painted page before the JavaScript has run is not lost
 * without a sign.
 *
 * @example
 * const hydrated = useHydrated()
 * return <button type="button" disabled={!hydrated} onClick={share}>Share</button>
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
