/**
 * The browser objects this package touches. Every field is optional: a missing one behaves as in a page where it is
 * unavailable (no document on a server, no storage in a locked-down frame).
 * @example configureBrowser({ location: { href: 'https://x/?source=app', protocol: 'https:' } })
 */
export interface BrowserEnv {
  document?: { cookie: string } | undefined
  localStorage?: Storage | undefined
  sessionStorage?: Storage | undefined
  location?: { href: string; protocol: string } | undefined
  crypto?: Pick<Crypto, 'getRandomValues'> | undefined
}

let overrides: Partial<BrowserEnv> = {}

/**
 * Values a storage write could not persist, keyed by area and key. They live as long as the page (or until
 * resetBrowser) so reads in this page still see them.
 */
export let memory = new Map<string, string>()

/**
 * Replaces some browser objects; the others stay the real globals. Calls add up; `undefined` makes an object missing.
 * @example configureBrowser({ document: { cookie: '' }, localStorage: undefined })
 */
export function configureBrowser(env: Partial<BrowserEnv>): void {
  overrides = { ...overrides, ...env }
}

/**
 * Back to the real globals, and forgets the in-memory storage fallback.
 * @example afterEach(resetBrowser)
 */
export function resetBrowser(): void {
  overrides = {}
  memory = new Map()
}

/** One browser object, read only when needed. Never throws: a sandboxed frame throws on `window.localStorage`. */
export function browser<K extends keyof BrowserEnv>(key: K): BrowserEnv[K] {
  try {
    return key in overrides ? overrides[key] : (globalThis as BrowserEnv)[key]
  } catch {
    // undefined: as a missing object
  }
}
