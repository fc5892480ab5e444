import { describe, expect, it } from 'vitest'
import { deferBoot } from './deferred-boot'

const BUILT = `<html><head>
<script type="module" crossorigin src="/assets/index-a1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/dist-b2.js">
<style>body{margin:0}</style></head><body><div id="root">page</div></body></html>`

describe('the JavaScript of a rendered page comes after its first paint', () => {
  it('imports the entry from an inline module at the end of the body, with nothing asked for in <head>', () => {
    const page = deferBoot(BUILT)
    expect(page).not.toContain('src="/assets/index-a1.js"')
    expect(page).not.toContain('modulepreload')
    expect(page).toContain('<style>body{margin:0}</style>')
    expect(page).toMatch(
      /<div id="root">page<\/div><script type="module">[^<]*import\("\/assets\/index-a1\.js"\)[^<]*<\/script><\/body>/,
    )
  })

  it('imports the entry once, on the first paint or at the latest after 200 ms', async () => {
    const script = /<script type="module">([^<]*)<\/script>/.exec(deferBoot(BUILT))?.[1] ?? ''
    const imported: string[] = []
    const frames: Array<() => void> = []
    const timers: Array<[() => void, number]> = []
    const run = new Function(
      'requestAnimationFrame',
      'setTimeout',
      'import_',
      script.replace('import(', 'import_('),
    )
    run(
      (callback: () => void) => frames.push(callback),
      (callback: () => void, ms = 0) => timers.push([callback, ms]),
      (src: string) => imported.push(src),
    )
    expect(timers.map(([, ms]) => ms)).toEqual([200])
    for (const frame of frames) frame()
    for (const [callback] of timers) callback()
    expect(imported).toEqual(['/assets/index-a1.js'])
  })

  it.each([
    [
      'a page with no built entry (the dev server’s)',
      '<head><script type="module" src="/src/main.tsx"></script></head><body></body>',
    ],
    ['a page without a body end', '<script type="module" crossorigin src="/assets/i.js"></script>'],
  ])('leaves %s as it is', (_name, html) => {
    expect(deferBoot(html)).toBe(html)
  })
})
