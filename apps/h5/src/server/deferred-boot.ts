import { START_EVENT } from '../app/served-page'

/**
 * Moves a server-rendered page's JavaScript behind its first paint. The built index.html asks for the entry module
 * (and preloads its chunks) from `<head>`: right when the JavaScript draws the page, but a rendered page is complete
 * without it, and a browser that has the module before it paints runs it (and hydrates) first. The entry is imported
 * instead by a small inline module once the browser reports the page's first contentful paint (at once in a
 * hidden tab, which does not paint; after a frame where paint timing is not supported; after 3 s at the latest), so
 * the page shows as soon as its HTML is parsed. Until the app takes the page over (it dispatches `xdance:start` on
 * `window` before it hydrates or draws), a form sent is held (a native POST would reach the gateway as a page
 * request) and sent again once the app has started, through the app's own handler. The inline block is allowed by its hash: the gateway hashes every
 * inline block of a page it serves.
 *
 * @example
 * deferBoot('<head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body></body>')
 * // '<head></head><body><script type="module">…import("/assets/index-1.js")…</script></body>'
 */
export function deferBoot(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html)
  const src = entry?.[1]
  if (!entry || !src || !html.includes('</body>')) return html
  const boot = `<script type="module">${bootScript(src)}</script>`
  return html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('</body>', () => `${boot}</body>`)
}

// Plain JavaScript for the inline block, as short as it stays readable.
const bootScript = (src: string) =>
  // Until the app takes the page over (its `xdance:start` event), a form is not submitted natively (the gateway
  // would answer a POST to a page with 405): the last one is submitted again, by the app, once it has started.
  "let held;const hold=e=>{e.preventDefault();held=[e.target,e.submitter]};addEventListener('submit',hold,true);" +
  `addEventListener(${JSON.stringify(START_EVENT)},()=>{removeEventListener('submit',hold,true);` +
  'held&&setTimeout(()=>held[0].isConnected&&held[0].requestSubmit(held[1]))},{once:true});' +
  `let go=()=>{go=()=>{};import(${JSON.stringify(src)})};` +
  'const P=self.PerformanceObserver;' +
  'if(document.hidden)go();' +
  "else if(P&&(P.supportedEntryTypes||[]).includes('paint')){" +
  "new P((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}})" +
  ".observe({type:'paint',buffered:true});setTimeout(()=>go(),3e3)}" +
  'else requestAnimationFrame(()=>setTimeout(()=>go()))'
