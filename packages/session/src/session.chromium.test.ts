// Real headless Chromium: what only a browser decides (cookie attributes, removal, raw cookies, storage refused by a
// sandboxed frame). Loads the built dist (turbo runs `build` before `test`).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { bundleForBrowser, launchChromium, startServer, type TestServer } from '@xdance/testkit'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type * as Session from './index'

// playwright-core is testkit's dependency, not ours: its types come through testkit.
type Browser = Awaited<ReturnType<typeof launchChromium>>
type BrowserContext = Awaited<ReturnType<Browser['newContext']>>
type Page = Awaited<ReturnType<BrowserContext['newPage']>>
type Frame = ReturnType<Page['frames']>[number]

declare global {
  interface Window {
    XdanceSession: typeof Session
  }
}

const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url))
const PAGE = '<!doctype html><meta charset="utf-8"><title>session</title>'

let browser: Browser
let server: TestServer
let bundle: string
const contexts: BrowserContext[] = []
const pageErrors: Error[] = []

beforeAll(async () => {
  if (!existsSync(DIST)) throw new Error(`${DIST} is missing: run the build of @xdance/session first`)
  bundle = await bundleForBrowser(DIST, 'XdanceSession')
  server = await startServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const headers: Record<string, string | string[]> = { 'content-type': 'text/html; charset=utf-8' }
    let body = PAGE
    if (path === '/sandboxed') body += '<iframe sandbox="allow-scripts" src="/frame"></iframe>'
    if (path === '/raw-from-server') {
      // As a native app's cookie manager or a gateway writes them: unencoded, no SameSite.
      headers['set-cookie'] = ['xdance-head=Token:; Path=/', 'app-token=srv+tok/en==; Path=/']
    }
    res.writeHead(200, headers)
    res.end(body)
  })
  browser = await launchChromium()
}, 30_000)

afterEach(async () => {
  expect(pageErrors.splice(0)).toEqual([])
  await Promise.all(contexts.splice(0).map((context) => context.close()))
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A fresh context on `path` with the package loaded as `window.XdanceSession`. */
async function open(path: string, initScript?: () => void): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext()
  contexts.push(context)
  if (initScript) await context.addInitScript(initScript)
  const page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(error))
  await page.goto(server.url + path)
  await page.addScriptTag({ content: bundle })
  return { page, context }
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((each) => each.name === name)
}

describe('cookie attributes in Chromium', () => {
  test('setCookie writes Path=/ and SameSite=Lax, and no Secure on http', async () => {
    const { page, context } = await open('/deep/page')
    expect(await page.evaluate(() => window.XdanceSession.setCookie('xdance-token', 'abc'))).toBe(true)
    expect(await cookie(context, 'xdance-token')).toMatchObject({
      value: 'abc',
      path: '/',
      sameSite: 'Lax',
      secure: false,
      httpOnly: false,
      expires: -1,
    })
  })

  test('maxAge makes a persistent cookie', async () => {
    const { page, context } = await open('/')
    await page.evaluate(() => window.XdanceSession.setCookie('a', 'b', { maxAge: 3600 }))
    const expires = (await cookie(context, 'a'))?.expires ?? 0
    expect(expires * 1000).toBeGreaterThan(Date.now() + 3_500_000)
  })

  test('a head with a trailing space is stored encoded and reads back verbatim', async () => {
    const { page, context } = await open('/')
    const authorization = await page.evaluate(() => {
      const session = window.XdanceSession
      session.setCookie(session.HEAD_COOKIE, 'Bearer ')
      session.setCookie(session.TOKEN_COOKIE, 'abc')
      return session.getAuthorization('web')
    })
    expect(authorization).toBe('Bearer abc')
    expect((await cookie(context, 'xdance-head'))?.value).toBe('Bearer%20')
  })

  test('awkward values survive the real cookie jar verbatim', async () => {
    const { page } = await open('/')
    const values = [
      ' lead',
      'trail ',
      'a; b',
      'x\ny',
      '100%',
      '%41',
      '"q"',
      '中文😀',
      '{"a":[1]}',
      'k=v==',
      '',
    ]
    const back = await page.evaluate(
      (values) =>
        values.map((value, i) => {
          window.XdanceSession.setCookie(`v${i}`, value)
          return window.XdanceSession.getCookie(`v${i}`)
        }),
      values,
    )
    expect(back).toEqual(values)
  })

  test('an injection attempt throws SessionError and writes nothing', async () => {
    const { page, context } = await open('/')
    const code = await page.evaluate(() => {
      try {
        window.XdanceSession.setCookie('a', 'b', { domain: 'x; SameSite=None' })
        return 'no error'
      } catch (error) {
        return window.XdanceSession.SessionError.isInstance(error) ? error.code : 'other error'
      }
    })
    expect(code).toBe('INVALID_COOKIE_OPTION')
    expect(await context.cookies()).toEqual([])
  })
})

describe('removal in Chromium', () => {
  test('removeCookie really removes a cookie written from a deeper page', async () => {
    const { page, context } = await open('/deep/page')
    await page.evaluate(() => window.XdanceSession.setCookie('xdance-token', 'abc'))
    expect(await cookie(context, 'xdance-token')).toBeDefined()
    expect(await page.evaluate(() => window.XdanceSession.removeCookie('xdance-token'))).toBe(true)
    expect(await cookie(context, 'xdance-token')).toBeUndefined()
    expect(await page.evaluate(() => window.XdanceSession.getCookie('xdance-token'))).toBeUndefined()
  })

  test('removeCookie with the same path removes a cookie written on that path', async () => {
    const { page, context } = await open('/deep/page')
    await page.evaluate(() => window.XdanceSession.setCookie('p', '1', { path: '/deep' }))
    expect((await cookie(context, 'p'))?.path).toBe('/deep')
    await page.evaluate(() => window.XdanceSession.removeCookie('p', { path: '/deep' }))
    expect(await cookie(context, 'p')).toBeUndefined()
  })

  test('clearTokens removes both tokens and keeps the head', async () => {
    const { page, context } = await open('/')
    const loggedIn = await page.evaluate(() => {
      const session = window.XdanceSession
      session.setCookie(session.HEAD_COOKIE, 'Bearer ')
      session.setCookie(session.TOKEN_COOKIE, 'web')
      session.setCookie(session.APP_TOKEN_COOKIE, 'app')
      const before = [session.isLoggedIn('web'), session.isLoggedIn('app')]
      session.clearTokens()
      return [...before, session.isLoggedIn('web'), session.isLoggedIn('app')]
    })
    expect(loggedIn).toEqual([true, true, false, false])
    expect((await context.cookies()).map((each) => each.name)).toEqual(['xdance-head'])
  })
})

describe('cookies written by someone else', () => {
  test('raw cookies set through document.cookie read back', async () => {
    const { page } = await open('/')
    const read = await page.evaluate(() => {
      for (const raw of ['app-token=raw+tok/en==', 'raw=a b="c"', 'bad=%E0%A4%A', 'ok=%20fine']) {
        // biome-ignore lint/suspicious/noDocumentCookie: raw writes by other code are what this test is about
        document.cookie = raw
      }
      const { getCookie } = window.XdanceSession
      return [getCookie('app-token'), getCookie('raw'), getCookie('bad'), getCookie('ok')]
    })
    expect(read).toEqual(['raw+tok/en==', 'a b="c"', '%E0%A4%A', ' fine'])
  })

  test('raw cookies from a Set-Cookie header make the app-mode Authorization', async () => {
    const { page } = await open('/raw-from-server')
    expect(await page.evaluate(() => window.XdanceSession.getAuthorization('app'))).toBe('Token:srv+tok/en==')
  })

  test('of two cookies with one name, the one with the longer path wins', async () => {
    const { page } = await open('/deep/page')
    const value = await page.evaluate(() => {
      window.XdanceSession.setCookie('dup', 'root')
      window.XdanceSession.setCookie('dup', 'deep', { path: '/deep' })
      return window.XdanceSession.getCookie('dup')
    })
    expect(value).toBe('deep')
  })
})

describe('pages where storage or cookies are refused', () => {
  test('a page whose storage getters throw SecurityError keeps working', async () => {
    const { page } = await open('/?source=app&inviteId=7', () => {
      for (const key of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, key, {
          configurable: true,
          get() {
            throw new DOMException('Access is denied for this document.', 'SecurityError')
          },
        })
      }
    })
    const result = await page.evaluate(() => {
      const session = window.XdanceSession
      let touched = 'no throw'
      try {
        window.localStorage.getItem('x')
      } catch (error) {
        touched = (error as Error).name
      }
      const id = session.getAnonymousId()
      return {
        touched,
        sameId: session.getAnonymousId() === id,
        written: session.setOrgId('42'),
        orgId: session.getOrgId(),
        mode: session.detectMode(),
        modeLater: session.detectMode({ url: '/next' }),
        inviteId: session.getInviteId(),
      }
    })
    expect(result).toEqual({
      touched: 'SecurityError',
      sameId: true,
      written: false,
      orgId: '42',
      mode: 'app',
      modeLater: 'app',
      inviteId: '7',
    })
  })

  test('a sandboxed frame without allow-same-origin keeps working without cookies or storage', async () => {
    const { page } = await open('/sandboxed')
    const frame = page.frames().find((each) => each.url().endsWith('/frame')) as Frame
    expect(frame).toBeDefined()
    await frame.addScriptTag({ content: bundle })
    const result = await frame.evaluate(() => {
      const session = window.XdanceSession
      const refused = (touch: () => unknown) => {
        try {
          touch()
          return 'allowed'
        } catch (error) {
          return (error as Error).name
        }
      }
      const id = session.getAnonymousId()
      return {
        cookieAccess: refused(() => document.cookie),
        storageAccess: refused(() => window.localStorage),
        setCookie: session.setCookie('xdance-token', 'abc'),
        getCookie: session.getCookie('xdance-token'),
        loggedIn: session.isLoggedIn('web'),
        written: session.writeStorage('session', 'latestDurationReport', '/home'),
        read: session.readStorage('session', 'latestDurationReport'),
        sameId: session.getAnonymousId() === id,
      }
    })
    expect(result).toEqual({
      cookieAccess: 'SecurityError',
      storageAccess: 'SecurityError',
      setCookie: false,
      getCookie: undefined,
      loggedIn: false,
      written: false,
      read: '/home',
      sameId: true,
    })
  })
})
