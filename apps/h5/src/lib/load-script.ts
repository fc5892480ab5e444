/**
 * Loads a classic script once per address (a second call waits for the same load): resolves when it has run,
 * rejects when it fails to load. `async`, so it never blocks parsing or the first paint.
 *
 * @example
 * await loadScript(document, 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js')
 */
export function loadScript(doc: Document, src: string): Promise<void> {
  const existing = doc.querySelector<HTMLScriptElement>(`script[data-xdance-src="${CSS.escape(src)}"]`)
  const loading = existing ? LOADS.get(existing) : undefined
  if (loading) return loading
  const script = doc.createElement('script')
  script.async = true
  script.src = src
  script.dataset.xdanceSrc = src
  const load = new Promise<void>((resolve, reject) => {
    script.addEventListener('load', () => resolve(), { once: true })
    script.addEventListener('error', () => reject(new Error(`could not load ${src}`)), { once: true })
  })
  LOADS.set(script, load)
  doc.head.append(script)
  return load
}

// Keyed by the element, so it goes with the document (tests get a fresh one).
const LOADS = new WeakMap<HTMLScriptElement, Promise<void>>()
