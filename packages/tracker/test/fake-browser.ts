import { MemoryStorage } from '@xdance/testkit'
import type { TrackerBrowser, TrackerWindow } from '../src/browser'

/** One report the fake browser saw leave: how, and its query parameters. */
export interface SentReport {
  transport: 'beacon' | 'pixel'
  url: string
  params: Record<string, string>
}

export interface FakeBrowserOptions {
  href?: string
  userAgent?: string
  inFrame?: boolean
  hidden?: boolean
  /** What sendBeacon answers; `null`: the browser has no sendBeacon. */
  beacon?: boolean | null
  innerHeight?: number
  scrollHeight?: number
  /** The window's storage; default an empty one each. */
  localStorage?: Storage
  sessionStorage?: Storage
}

/**
 * A window with a fake clock, fake animation frames and a fake document, for the tracker's `browser` option.
 * Events are dispatched on the window, where the tracker listens (a real visibilitychange bubbles there).
 */
export function fakeBrowser(options: FakeBrowserOptions = {}) {
  let time = 1_700_000_000_000
  let nextFrame = 1
  const frames = new Map<number, () => void>()
  const sent: SentReport[] = []
  const listeners = new Set<string>()
  const record = (transport: SentReport['transport'], url: string) => {
    sent.push({ transport, url, params: Object.fromEntries(new URL(url).searchParams) })
  }
  const href = options.href ?? 'https://h5.example.com/home'
  const target = new EventTarget()
  const window = Object.assign(target, {
    document: {
      hidden: options.hidden ?? false,
      documentElement: { scrollHeight: options.scrollHeight ?? 800 },
    },
    navigator: {
      userAgent: options.userAgent ?? 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile',
      ...(options.beacon === null
        ? {}
        : {
            sendBeacon(url: string) {
              if (options.beacon === false) return false
              record('beacon', url)
              return true
            },
          }),
    },
    location: { href, pathname: new URL(href).pathname },
    localStorage: options.localStorage ?? new MemoryStorage(),
    sessionStorage: options.sessionStorage ?? new MemoryStorage(),
    crypto: globalThis.crypto,
    scrollY: 0,
    innerHeight: options.innerHeight ?? 800,
    top: undefined as unknown,
    requestAnimationFrame(callback: () => void) {
      const id = nextFrame++
      frames.set(id, callback)
      return id
    },
    Image: class {
      set src(url: string) {
        record('pixel', url)
      }
    },
  }) satisfies TrackerWindow
  window.top = options.inFrame ? {} : window
  const add = target.addEventListener.bind(target)
  const remove = target.removeEventListener.bind(target)
  window.addEventListener = (
    type: string,
    ...rest: [EventListenerOrEventListenerObject | null, unknown?]
  ) => {
    listeners.add(type)
    add(type, ...(rest as [EventListenerOrEventListenerObject | null]))
  }
  window.removeEventListener = (
    type: string,
    ...rest: [EventListenerOrEventListenerObject | null, unknown?]
  ) => {
    listeners.delete(type)
    remove(type, ...(rest as [EventListenerOrEventListenerObject | null]))
  }
  const fire = (type: string, persisted?: boolean) =>
    window.dispatchEvent(Object.assign(new Event(type), persisted === undefined ? {} : { persisted }))

  const browser: TrackerBrowser = { window, now: () => time }
  return {
    browser,
    window,
    sent,
    /** Event types with a listener on the window now. */
    listeners,
    advance(ms: number) {
      time += ms
    },
    get now() {
      return time
    },
    /** Runs the animation frames asked for so far; returns how many ran. */
    runFrames() {
      const callbacks = [...frames.values()]
      frames.clear()
      for (const callback of callbacks) callback()
      return callbacks.length
    },
    get pendingFrames() {
      return frames.size
    },
    hide() {
      window.document.hidden = true
      fire('visibilitychange')
    },
    show() {
      window.document.hidden = false
      fire('visibilitychange')
    },
    pagehide(persisted = false) {
      fire('pagehide', persisted)
    },
    pageshow(persisted: boolean) {
      fire('pageshow', persisted)
    },
    scrollTo(y: number) {
      window.scrollY = y
      fire('scroll')
    },
    setPageHeight(height: number) {
      window.document.documentElement.scrollHeight = height
    },
  }
}

export type FakeBrowser = ReturnType<typeof fakeBrowser>

export { MemoryStorage }
