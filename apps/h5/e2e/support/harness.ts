import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type DevReport,
  type DevTrace,
  GATEWAY_PREFIX,
  type LoginResult,
  TERMS_VERSION,
  type TraceMarkBody,
} from '@xdance/contract'
import { DEMO_PHONE, type GatewayOptions, type RunningGateway, startGateway } from '@xdance/gateway'
import { ANONYMOUS_ID_KEY } from '@xdance/session'
import { ANDROID, IPHONE, launchChromium } from '@xdance/testkit'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach } from 'vitest'

const appRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
/** The built app its server serves (the `test` script builds it first when stale). */
export const DIST = join(appRoot, 'dist')
/** The app's built server (`vite build --ssr`): what `npm start` runs, so the journeys test what ships. */
const SERVER = join(appRoot, 'dist-server', 'serve-app.js')
/** Screenshots of the main screens (git-ignored). */
export const SCREENSHOTS = join(appRoot, 'artifacts', 'screenshots')
/** The gateway prefix the journeys use: the contract's. */
export const PREFIX = GATEWAY_PREFIX
/** The demo customer seeded by the gateway (has membership cards). */
export { DEMO_PHONE }

export type Phone = 'iphone' | 'android'

/** A visit report as the gateway's dev API lists it (the contract's `DevReport`). */
export type VisitReport = DevReport

/** A trace mark as the gateway's dev API lists it: the contract's `DevTrace`, its body a `TraceMarkBody`. */
export type TraceRecord = Omit<DevTrace, 'body'> & { body: TraceMarkBody }

export interface Harness extends Servers {
  browser: Browser
  /** A fresh phone (own cookies and storage) on the app's origin. */
  phone(
    kind: Phone,
    extra?: Parameters<Browser['newContext']>[0],
  ): Promise<{ context: BrowserContext; page: Page }>
  /** Closes every phone opened so far, so nothing an earlier test left running reaches the gateway afterwards. */
  closePhones(): Promise<void>
}

/** Options of {@link startHarness}. */
export interface HarnessOptions {
  /** Options of the gateway over the harness's (a clock of the test's own, higher sign-in limits, `wechat: false`). */
  gateway?: GatewayOptions
  /** `false`: the app's server renders no page, every navigation gets index.html (a signed-in customer's case). */
  serverRender?: boolean
}

/** The gateway and the app's server, without a browser: what {@link startHarness} and the engine journeys share. */
export interface Servers {
  /** The gateway (the API only), behind the app's server. */
  gateway: RunningGateway
  /** The app's server: the origin the phones open, forwarding the API to the gateway. */
  app: { url: string }
  /** Absolute URL of an app path. */
  url(path: string): string
  /** Calls the gateway API (prefix added) and returns the parsed JSON. */
  api<T = unknown>(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<T>
  reports(): Promise<VisitReport[]>
  traces(): Promise<TraceRecord[]>
  /** Empties reports/traces/faults and reseeds the demo data. */
  reset(): Promise<void>
  /** Makes the next `count` requests to `path` misbehave (see the gateway's fault API). */
  fault(spec: Record<string, unknown>): Promise<void>
  /** Signs the demo customer in through the API: what the login page would store. */
  apiLogin(phone?: string): Promise<LoginResult>
  close(): Promise<void>
}

/**
 * Starts the gateway (in-memory database, demo data, dev API) and the app's built server in front of it (as `npm start`
 * runs them: the API forwarded, pages rendered with data read in process, so that injected faults stand for the
 * phone's network only), both on 127.0.0.1.
 */
export async function startServers(options: HarnessOptions = {}): Promise<Servers> {
  if (!existsSync(SERVER))
    throw new Error(`${SERVER} is missing: build the app first (pnpm --filter @xdance/h5 build)`)
  const gateway = await startGateway({
    port: 0,
    db: ':memory:',
    demo: true,
    prefix: PREFIX,
    // Behind the app's server, which says the visitor's origin and address (X-Forwarded-*).
    trustProxy: true,
    ...options.gateway,
  })
  const { serveApp } = (await import(SERVER)) as typeof import('../../src/server/serve-app')
  const app = await serveApp({
    dist: DIST,
    gatewayOrigin: gateway.url,
    port: 0,
    prefix: PREFIX,
    api: gateway.fetchInside,
    ...(options.serverRender === false ? { render: false as const } : {}),
  }).catch(async (error: unknown) => {
    await gateway.close()
    throw error
  })
  const api = async <T>(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${gateway.apiUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(10_000),
    })
    return (await response.json()) as T
  }
  return {
    gateway,
    app,
    url: (path) => new URL(path, app.url).href,
    api,
    reports: () => api<VisitReport[]>('/__dev/reports'),
    traces: () => api<TraceRecord[]>('/__dev/traces'),
    async reset() {
      await api('/__dev/reset', { method: 'POST' })
    },
    async fault(spec) {
      await api('/__dev/faults', { body: spec })
    },
    async apiLogin(phone = DEMO_PHONE) {
      await api('/auth/sms', { body: { phone, consent: TERMS_VERSION } })
      const sms = await api<{ code: string }>(`/__dev/sms?phone=${phone}`)
      const answer = await api<{ code: number; data: Awaited<ReturnType<Servers['apiLogin']>> }>(
        '/auth/login',
        {
          body: { phone, code: sms.code },
        },
      )
      if (answer.code !== 200) throw new Error(`login failed: ${JSON.stringify(answer)}`)
      return answer.data
    },
    async close() {
      await app.close()
      await gateway.close()
    },
  }
}

/**
 * Starts the gateway and the app's server ({@link startServers}) and headless Chromium.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const servers = await startServers(options)
  const browser = await launchChromium().catch(async (error: unknown) => {
    await servers.close()
    throw error
  })
  const contexts: BrowserContext[] = []
  // The anonymous ids (ANONYMOUS_ID_KEY) of the phones earlier tests closed: a report or mark of theirs still on its
  // way (sent before they closed) can reach the gateway after the next test's reset, so the records leave them out.
  const gone = new Set<string>()
  return {
    ...servers,
    reports: async () =>
      (await servers.reports()).filter((report) => !gone.has(String(report.params.uuid ?? ''))),
    traces: async () =>
      (await servers.traces()).filter((trace) => !gone.has(String(trace.body.deviceId ?? ''))),
    browser,
    async phone(kind, extra = {}) {
      const device = kind === 'iphone' ? IPHONE : ANDROID
      const context = await browser.newContext({
        ...device,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        ...extra,
      })
      contexts.push(context)
      // Playwright's clock in every page: it ticks on its own, and `dwell` moves it on instead of waiting.
      await context.clock.install()
      await context.addInitScript(recordReactCommits)
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      return { context, page }
    },
    async closePhones() {
      const open = contexts.splice(0)
      await Promise.all(
        open.map(async (context) => {
          // Closing a page ends its visit, and the tracker reports it (sendBeacon): offline, it goes nowhere (a route
          // to abort it does not see a beacon sent while the page closes). One sent earlier may still arrive: `gone`.
          await context.setOffline(true).catch(() => undefined)
          const state = await context.storageState().catch(() => undefined)
          for (const { localStorage } of state?.origins ?? []) {
            for (const item of localStorage) if (item.name === ANONYMOUS_ID_KEY) gone.add(item.value)
          }
          await context.close().catch(() => undefined)
        }),
      )
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined)
      await browser.close()
      await servers.close()
    },
  }
}

/**
 * The harness of one test file: started before its tests, closed after them, and (unless told otherwise) the
 * gateway's data and dev records reset before each test. Use it at the top of the file.
 */
export function useHarness({
  resetBeforeEach = true,
  ...options
}: HarnessOptions & { resetBeforeEach?: boolean } = {}): Harness {
  let current: Harness | undefined
  beforeAll(async () => {
    current = await startHarness(options)
  })
  afterAll(async () => {
    await current?.close()
  })
  // An earlier test's pages are closed first: a late trace mark or visit report of theirs would land in this test's
  // records (seen: a WeChat test's trace with another test's openId).
  if (resetBeforeEach)
    beforeEach(async () => {
      await current?.closePhones()
      await current?.reset()
    })
  // The file's tests run after beforeAll, so every use of the harness finds it started.
  return new Proxy({} as Harness, {
    get(_target, key) {
      if (!current) throw new Error('the harness is used before its beforeAll hook ran')
      return Reflect.get(current, key)
    },
  })
}

/**
 * Saves a full-page screenshot of a main screen under artifacts/screenshots/. Toasts of earlier steps are let go
 * first (they last 3 s) unless the toast is what the screenshot shows.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { keepToasts?: boolean } = {},
): Promise<string> {
  if (!options.keepToasts)
    await page.getByTestId('toast').first().waitFor({ state: 'detached', timeout: 5000 })
  mkdirSync(SCREENSHOTS, { recursive: true })
  const path = join(SCREENSHOTS, `${name}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

/** Polls `read` until `done` holds or the time is up; returns the last value either way. */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs
  let value = await read()
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    value = await read()
  }
  return value
}

/**
 * Waits until the app has taken the page over (React owns `#root`): a page the server rendered is painted before
 * its JavaScript runs, and a link tapped before then is a full page load, not the app's navigation.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
  })
}

declare global {
  interface Window {
    /** The page's URL at React's last commit (`recordReactCommits`). */
    xdanceCommittedHref?: string
  }
}

/**
 * Runs in every page before its scripts: a minimal React DevTools hook, the one way React tells the outside that it
 * committed (after the commit's layout effects, production builds included). It records the URL of the last commit.
 */
function recordReactCommits() {
  const noop = () => undefined
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
    value: {
      supportsFiber: true,
      inject: () => 1,
      checkDCE: noop,
      onCommitFiberUnmount: noop,
      onPostCommitFiberRoot: noop,
      onCommitFiberRoot: () => {
        window.xdanceCommittedHref = location.href
      },
    },
  })
}

/**
 * Lets the current page live long enough to be a reportable visit (the tracker drops visits under 100 ms), the
 * way a customer reads a screen before tapping on. A page the server rendered shows before its JavaScript runs, and
 * the visit is the app's to report: the clock moves on once the app has started. Nothing waits: the page's clock
 * (Playwright's, installed by `phone`) jumps `ms` ahead, running the timers due on the way.
 */
export async function dwell(page: Page, ms = 300): Promise<void> {
  await appStarted(page)
  // The visit starts in a layout effect of the committed route (the tracker's React binding, in the layout): a page
  // the server rendered is on screen before that, and a first load commits the skeleton (the hydrate fallback,
  // without the layout) before its page, so the clock moves only once React has committed this URL's page.
  await page.waitForFunction(
    () =>
      window.xdanceCommittedHref === location.href &&
      !document.querySelector('[data-testid="page-skeleton"]'),
  )
  await page.clock.fastForward(ms)
}
