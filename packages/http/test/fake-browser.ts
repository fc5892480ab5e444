// A browser for tests in node: a cookie jar that honours Max-Age=0 the way document.cookie does, in-memory storages,
// a page URL, and a location.reload spy. Installed through @xdance/session's seam and vi.stubGlobal.
import { configureBrowser, resetBrowser } from '@xdance/session'
import { MemoryStorage } from '@xdance/testkit'
import { vi } from 'vitest'

export { MemoryStorage }

/** `document.cookie` semantics, enough for these tests: reading joins the jar, writing sets or (Max-Age<=0) removes. */
export class CookieJar {
  readonly jar = new Map<string, string>()
  /** Every line ever written, to count removals. */
  readonly writes: string[] = []

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.jar.set(name, value)
  }

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  set cookie(line: string) {
    this.writes.push(line)
    const [pair = '', ...attributes] = line.split(';')
    const eq = pair.indexOf('=')
    const name = pair.slice(0, eq).trim()
    const maxAge = attributes.map((a) => a.trim().toLowerCase()).find((a) => a.startsWith('max-age='))
    if (maxAge !== undefined && Number(maxAge.slice(8)) <= 0) this.jar.delete(name)
    else this.jar.set(name, pair.slice(eq + 1).trim())
  }
}

export interface FakeBrowser {
  document: CookieJar
  localStorage: MemoryStorage
  sessionStorage: MemoryStorage
  reload: ReturnType<typeof vi.fn>
}

/**
 * A fresh page: cookies (raw, as they sit in document.cookie), storages and URL. Pass the storages of an earlier
 * FakeBrowser to stand for the same tab after a reload.
 */
export function fakeBrowser(
  options: {
    cookies?: Record<string, string>
    local?: Record<string, string>
    href?: string
    sessionStorage?: MemoryStorage
    localStorage?: MemoryStorage
  } = {},
): FakeBrowser {
  const document = new CookieJar(options.cookies)
  const localStorage = options.localStorage ?? new MemoryStorage()
  for (const [key, value] of Object.entries(options.local ?? {})) localStorage.setItem(key, value)
  const sessionStorage = options.sessionStorage ?? new MemoryStorage()
  resetBrowser()
  configureBrowser({
    document,
    localStorage,
    sessionStorage,
    location: { href: options.href ?? 'https://h5.test/#/home', protocol: 'https:' },
  })
  const reload = vi.fn()
  vi.stubGlobal('location', { reload })
  return { document, localStorage, sessionStorage, reload }
}

/** The session cookies of a logged-in web and app user. */
export const LOGGED_IN = { 'xdance-head': 'Bearer%20', 'xdance-token': 'web-token', 'app-token': 'app-token' }
