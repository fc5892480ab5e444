/**
 * Loads a classic script: resolves when it has run, rejects when it fails to load. `async`, so it never blocks
 * parsing or the first paint.
 *
 * @example
 * await loadScript(document, 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js')
 */
export function loadScript(doc: Document, src: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script')
    script.async = true
    script.src = src
    script.onload = () => resolve()
    script.onerror = () => reject(new Error(`could not load ${src}`))
    doc.head.append(script)
  })
}
