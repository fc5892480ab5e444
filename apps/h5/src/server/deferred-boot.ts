/**
 * Moves a server-rendered page's JavaScript behind its first paint. The built index.html asks for the entry module
 * (and preloads its chunks) from `<head>`: fine when the JavaScript draws the page, but a rendered page is complete
 * without it, and a browser that has the module before it paints runs it (and hydrates) first. The entry is imported
 * instead by a small inline module once a frame has been painted (or after 200 ms, in a tab that does not paint),
 * so the page shows as soon as its HTML is parsed. The inline block is allowed by its hash, as the gateway hashes
 * every inline block of a page it serves.
 *
 * @example
 * deferBoot('<head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body></body>')
 * // '<head></head><body><script type="module">…import("/assets/index-1.js")…</script></body>'
 */
export function deferBoot(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html)
  const src = entry?.[1]
  if (!entry || !src || !html.includes('</body>')) return html
  const boot =
    '<script type="module">let go=()=>{go=()=>{};import(' +
    JSON.stringify(src) +
    ')};requestAnimationFrame(()=>setTimeout(()=>go()));setTimeout(()=>go(),200)</script>'
  return html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('</body>', () => `${boot}</body>`)
}
