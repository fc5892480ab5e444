// What the Lighthouse gate (lighthouse.mjs) and the Lighthouse benchmark (bench.mjs) share: the built app served by
// the local gateway (demo data, in-memory database), system Chromium launched by chrome-launcher, one `audit` call,
// and the pages audited.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The app's folder (apps/h5). */
export const APP_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The pages audited, as an app URL: `:id` stands for a real class of the demo data (the first of `GET /classes`).
 * LIGHTHOUSE_PAGES (comma-separated) overrides them.
 */
export const PAGES = ['/', '/schedule', '/classes/:id', '/marketing/article?id=1']

/** The pages the accessibility and best-practices gate audits: the benchmark's, and every other screen. */
export const GATE_PAGES = [
  ...PAGES,
  '/schedule?style=jazz&level=beginner',
  '/teachers',
  '/teachers/1',
  '/login',
  '/shop',
]

/** The pages to audit: LIGHTHOUSE_PAGES, or `defaults` ({@link PAGES} unless told). */
export function pagesFromEnv(env = process.env, defaults = PAGES) {
  const pages = env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean)
  return pages?.length ? pages : defaults
}

/**
 * Starts the gateway, the app's built server in front of it, and a headless Chromium. `audit(path, flags)` runs Lighthouse (default mobile
 * emulation, simulated Slow 4G) on one app path and returns its result (the LHR); `close()` stops both.
 */
export async function startLighthouseHost() {
  const dist = join(APP_ROOT, 'dist')
  if (!existsSync(join(dist, 'index.html')) || !existsSync(join(APP_ROOT, 'dist-server', 'serve-app.js'))) {
    throw new Error(
      'dist/index.html or dist-server/serve-app.js is missing: build first (`pnpm turbo run build --filter=@xdance/h5...`).',
    )
  }
  // Imported here, not at the top: the error above is clearer than a missing dist of the gateway or of Lighthouse.
  const { startGateway } = await import('@xdance/gateway')
  const { default: lighthouse } = await import('lighthouse')
  // chrome-launcher is Lighthouse's own dependency: use the copy Lighthouse was released with.
  const lighthouseRequire = createRequire(fileURLToPath(import.meta.resolve('lighthouse')))
  const { launch } = await import(pathToFileURL(lighthouseRequire.resolve('chrome-launcher')).href)

  const gateway = await startGateway({ port: 0, db: ':memory:', demo: true, trustProxy: true })
  // The app's built server in front of the gateway, as `npm start` runs them.
  const server = join(APP_ROOT, 'dist-server', 'serve-app.js')
  const { serveApp } = await import(pathToFileURL(server).href)
  const app = await serveApp({ dist, gatewayOrigin: gateway.url, port: 0 })
  let chrome
  try {
    chrome = await launch({
      chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
      ],
      logLevel: 'silent',
    })
  } catch (error) {
    await app.close()
    await gateway.close()
    throw error
  }

  let classId
  const resolvePath = async (path) => {
    if (!path.includes(':id')) return path
    if (classId === undefined) {
      const answer = await (await fetch(`${gateway.apiUrl}/classes`)).json()
      classId = answer?.data?.list?.[0]?.id
      if (classId === undefined) throw new Error('the demo gateway lists no class to audit')
    }
    return path.replace(':id', String(classId))
  }

  return {
    /** The app path with `:id` replaced by the demo class audited. */
    resolvePath,
    async audit(path, flags = {}) {
      const url = new URL(await resolvePath(path), app.url).href
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...flags })
      if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
      const { runtimeError } = result.lhr
      if (runtimeError) throw new Error(`lighthouse ${url}: ${runtimeError.code} ${runtimeError.message}`)
      return result.lhr
    },
    async close() {
      await chrome.kill()
      await app.close()
      await gateway.close()
    },
  }
}
