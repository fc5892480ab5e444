import { existsSync } from 'node:fs'
import { type Browser, chromium, type LaunchOptions } from 'playwright-core'

/** Where the system Chromium is: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    )
  }
  return path
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Launches system Chromium headless. Playwright gives every launch a fresh, temporary profile of its own
 * (it refuses a `--user-data-dir` argument), so no state leaks between tests.
 * `bfcache: true` keeps the back/forward cache on (Playwright turns it off by default).
 */
export async function launchChromium(options: { bfcache?: boolean } & LaunchOptions = {}): Promise<Browser> {
  const { bfcache, ...rest } = options
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: FLAGS,
    ...(bfcache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    ...rest,
  })
  return browser
}

/** A mid-range iPhone, as the tracker's iPhone-only rule sees it. */
export const IPHONE = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
}

/** A mid-range Android phone. */
export const ANDROID = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
}
