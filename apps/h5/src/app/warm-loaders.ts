import { matchRoutes, type RouteObject } from 'react-router'

/**
 * Downloads the lazy loaders (`lazy: { loader }`) of the routes that `paths` match, without running them: their
 * chunks enter the browser's module map, so the first tap on one of those pages asks for its data at once, as a
 * loader in the entry chunk would, instead of after one more download. `main.tsx` calls it for `WARM_PATHS` (route
 * patterns match themselves) when the browser is idle after start-up. A chunk that does not download is let be: the tap loads it again and
 * the page says what failed.
 *
 * @example
 * requestIdleCallback(() => void warmLoaders(createRoutes(), WARM_PATHS))
 */
export async function warmLoaders(routes: RouteObject[], paths: readonly string[]): Promise<void> {
  const loads = paths.flatMap((path) =>
    (matchRoutes(routes, path) ?? []).map(({ route }) => {
      const lazy = route.lazy
      return typeof lazy === 'object' && lazy.loader ? lazy.loader() : undefined
    }),
  )
  await Promise.allSettled(loads)
}
