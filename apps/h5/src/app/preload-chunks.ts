// Build plumbing, not app code: vite.config.ts (`preloadHelper`) puts this module in place of Vite's own
// `__vitePreload`, which every lazy `import()` of the production build is wrapped in.

const requested = new Set<string>()

/**
 * Loads a lazy chunk with its own static imports fetched beside it, not after it: one `<link>` per import not asked
 * for yet, then the `import()` itself. Vite's helper does the same with more this build never uses (lazy chunks'
 * stylesheets: the one stylesheet is inlined; a CSP nonce: scripts are allowed by origin; a `vite:preloadError`
 * event nobody listens to), and that cost the first screen 0.54 KB min+gzip. A failed import fails as before: the
 * router shows its error page. Browsers without modulepreload (iOS Safari before 17) get a plain preload, as Vite's
 * helper gives them.
 *
 * @example
 * preloadChunks(() => import('./pages/class/class-page'), ['assets/keyed-action-FP_WNj9.js'])
 */
export function preloadChunks<T>(load: () => Promise<T>, deps?: readonly string[]): Promise<T> {
  for (const dep of deps ?? []) {
    if (requested.has(dep)) continue
    requested.add(dep)
    const link = document.createElement('link')
    link.rel = link.relList.supports('modulepreload') ? 'modulepreload' : 'preload'
    link.as = 'script'
    // The credentials mode of the module scripts themselves, so the browser reuses what it fetched.
    link.crossOrigin = ''
    link.href = import.meta.env.BASE_URL + dep
    document.head.append(link)
  }
  return load()
}
