import { describe, expect, it } from 'vitest'
import { START_EVENT } from '../app/served-page'
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

  /** Runs the inline block against a fake browser and tells what it imported when. */
  function boot(browser: { hidden: boolean; paintTiming: boolean }) {
    const script = /<script type="module">([^<]*)<\/script>/.exec(deferBoot(BUILT))?.[1] ?? ''
    const imported: string[] = []
    const frames: Array<() => void> = []
    const timers: Array<{ run: () => void; ms: number }> = []
    const observers: Array<(entries: { getEntriesByName(name: string): unknown[] }) => void> = []
    class FakeObserver {
      static supportedEntryTypes = browser.paintTiming ? ['paint', 'navigation'] : ['navigation']
      constructor(private readonly callback: (list: unknown, observer: FakeObserver) => void) {}
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: 'paint', buffered: true })
        observers.push((list) => this.callback(list, this))
      }
      disconnect() {}
    }
    type FakeEvent = { preventDefault(): void; target?: unknown; submitter?: unknown }
    const listeners = new Map<string, (event: FakeEvent) => void>()
    const run = new Function(
      'self',
      'document',
      'requestAnimationFrame',
      'setTimeout',
      'import_',
      'addEventListener',
      'removeEventListener',
      script.replace('import(', 'import_('),
    )
    run(
      { PerformanceObserver: FakeObserver },
      { hidden: browser.hidden },
      (callback: () => void) => frames.push(callback),
      (callback: () => void, ms = 0) => timers.push({ run: callback, ms }),
      (src: string) => imported.push(src),
      (type: string, listener: (event: FakeEvent) => void) => listeners.set(type, listener),
      (type: string) => listeners.delete(type),
    )
    /** Dispatches an event to the block's listener; tells whether its default was prevented. */
    const dispatch = (type: string, target?: unknown, submitter?: unknown) => {
      let prevented = false
      listeners.get(type)?.({ preventDefault: () => (prevented = true), target, submitter })
      return prevented
    }
    const paint = (names: string[]) => {
      for (const observer of observers)
        observer({ getEntriesByName: (name) => names.filter((n) => n === name) })
    }
    return { imported, frames, timers, paint, dispatch }
  }

  it('imports the entry when the first contentful paint is reported, once', () => {
    const page = boot({ hidden: false, paintTiming: true })
    page.paint(['first-paint'])
    expect(page.imported).toEqual([])
    page.paint(['first-contentful-paint'])
    expect(page.imported).toEqual(['/assets/index-a1.js'])
    // The 3 s safety timer finds it done.
    expect(page.timers.map((timer) => timer.ms)).toEqual([3000])
    for (const timer of page.timers) timer.run()
    expect(page.imported).toHaveLength(1)
  })

  it('holds the forms sent before the app starts, and sends the last one again once it has', () => {
    const page = boot({ hidden: false, paintTiming: true })
    const sent: unknown[] = []
    const form = (name: string, connected = true) => ({
      isConnected: connected,
      requestSubmit: (submitter: unknown) => sent.push([name, submitter]),
    })
    expect(page.dispatch('submit', form('first'), 'button-a')).toBe(true)
    expect(page.dispatch('submit', form('login'), 'button-b')).toBe(true)
    page.dispatch(START_EVENT)
    expect(sent).toEqual([])
    for (const timer of page.timers.filter((timer) => timer.ms === 0)) timer.run()
    expect(sent).toEqual([['login', 'button-b']])
    // From then on the app's own handlers see every submission.
    expect(page.dispatch('submit', form('later'))).toBe(false)
  })

  it('does not send again a form the page no longer shows', () => {
    const page = boot({ hidden: false, paintTiming: true })
    const sent: unknown[] = []
    page.dispatch('submit', { isConnected: false, requestSubmit: () => sent.push('gone') })
    page.dispatch(START_EVENT)
    for (const timer of page.timers) timer.run()
    expect(sent).toEqual([])
  })

  it('imports after 3 s when no paint is ever reported', () => {
    const page = boot({ hidden: false, paintTiming: true })
    for (const timer of page.timers) timer.run()
    expect(page.imported).toEqual(['/assets/index-a1.js'])
  })

  it('imports at once in a hidden tab, and after a frame where paint timing is unknown', () => {
    expect(boot({ hidden: true, paintTiming: true }).imported).toEqual(['/assets/index-a1.js'])
    const old = boot({ hidden: false, paintTiming: false })
    expect(old.imported).toEqual([])
    for (const frame of old.frames) frame()
    for (const timer of old.timers) timer.run()
    expect(old.imported).toEqual(['/assets/index-a1.js'])
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
