import { describe, expect, it, vi } from 'vitest'
import { clientSuite } from '../test/client-suite'
import { type FakeBrowser, fakeBrowser, LOGGED_IN, MemoryStorage } from '../test/fake-browser'
import { envelope, send } from '../test/gateway'
import { UNAUTHORIZED_AT_KEY, UNAUTHORIZED_WINDOW } from './constants'
import { GatewayError } from './errors'
import type { GatewayClientOptions } from './types'

const suite = clientSuite({
  page: { cookies: LOGGED_IN },
  answer: (_req, res) => send(res, 401, '{"code":401,"data":null,"msg":"login please"}'),
})
const tokenRemovals = (browser: FakeBrowser) =>
  browser.document.writes.filter((line) => /^(xdance-token|app-token)=;.*Max-Age=0/.test(line)).length
const storm = (size: number, options?: Partial<GatewayClientOptions>) =>
  Promise.allSettled(
    Array.from({ length: size }, (_, i) => suite.client(options).post(`/call/${i}`, { i }, { retry: 2 })),
  )

describe('an unauthorised answer', () => {
  it.each([
    [
      'HTTP 401',
      (_req: unknown, res: Parameters<typeof send>[0]) => send(res, 401, 'Unauthorized', 'text/plain'),
      401,
    ],
    ['an envelope code 401 on HTTP 200', envelope({ code: 401, data: null, msg: 'expired' }), 401],
    ['an envelope code "401"', envelope({ code: '401', data: null }), '401'],
  ])(
    '(%s) clears the token cookies, reloads, rejects with GatewayError, without toast or retry',
    async (_case, answer, code) => {
      suite.gateway.answer(answer)
      const error = await suite
        .client()
        .get('/member/profile', { retry: 3 })
        .catch((e: unknown) => e)
      expect(GatewayError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ code, unauthorized: true })
      expect(suite.page.document.jar.has('xdance-token')).toBe(false)
      expect(suite.page.document.jar.has('app-token')).toBe(false)
      expect(suite.page.document.jar.get('xdance-head')).toBe('Bearer%20')
      expect(suite.page.reload).toHaveBeenCalledOnce()
      expect(suite.gateway.received).toHaveLength(1)
      expect(suite.notify).not.toHaveBeenCalled()
    },
  )

  it('is handled for needCode and silent calls too (the session is gone whatever the caller wanted)', async () => {
    await expect(
      suite.client().request('/trace', { method: 'POST', body: {}, needCode: true, silent: true }),
    ).rejects.toMatchObject({
      unauthorized: true,
    })
    expect(suite.page.reload).toHaveBeenCalledOnce()
  })

  it('honours unauthorizedCodes; HTTP 401 always counts, and 401 in an envelope only when listed', async () => {
    const codes = ['TOKEN_EXPIRED', 40100]
    suite.gateway.answer(envelope({ code: 'TOKEN_EXPIRED', data: null }))
    await expect(suite.client({ unauthorizedCodes: codes }).get('/a')).rejects.toMatchObject({
      unauthorized: true,
    })
    expect(suite.page.reload).toHaveBeenCalledTimes(1)

    suite.page = fakeBrowser({ cookies: LOGGED_IN })
    suite.gateway.answer(envelope({ code: '40100', data: null }))
    await expect(suite.client({ unauthorizedCodes: codes }).get('/b')).rejects.toMatchObject({
      unauthorized: true,
    })
    expect(suite.page.reload).toHaveBeenCalledTimes(1)

    suite.page = fakeBrowser({ cookies: LOGGED_IN })
    suite.gateway.answer(envelope({ code: 401, data: null, msg: 'plain failure here' }))
    await expect(suite.client({ unauthorizedCodes: codes }).get('/c')).rejects.toMatchObject({
      unauthorized: false,
    })
    expect(suite.notify).toHaveBeenCalledExactlyOnceWith('plain failure here', 'error')
    expect(suite.page.reload).not.toHaveBeenCalled()

    suite.gateway.answer((_req, res) => send(res, 401, ''))
    await expect(suite.client({ unauthorizedCodes: codes }).get('/d')).rejects.toMatchObject({
      code: 401,
      unauthorized: true,
    })
    expect(suite.page.reload).toHaveBeenCalledOnce()
  })

  it('calls a custom onUnauthorized instead of clearing and reloading', async () => {
    const onUnauthorized = vi.fn()
    await suite
      .client({ onUnauthorized })
      .get('/x')
      .catch(() => {})
    expect(onUnauthorized).toHaveBeenCalledOnce()
    expect(suite.page.reload).not.toHaveBeenCalled()
    expect(suite.page.document.jar.has('xdance-token')).toBe(true)
  })
})

describe('a 401 storm', () => {
  it('of 10 concurrent calls causes one clear and one reload', async () => {
    const results = await storm(10)
    expect(results.every((r) => r.status === 'rejected' && GatewayError.isInstance(r.reason))).toBe(true)
    expect(suite.page.reload).toHaveBeenCalledOnce()
    expect(tokenRemovals(suite.page)).toBe(2)
    expect(suite.gateway.received).toHaveLength(10)
  })

  it('calls a custom handler once for 10 concurrent failures', async () => {
    const onUnauthorized = vi.fn()
    await storm(10, { onUnauthorized })
    expect(onUnauthorized).toHaveBeenCalledOnce()
  })

  it('a second storm within the window, after the reload, reloads no more', async () => {
    await storm(10)
    expect(suite.page.reload).toHaveBeenCalledOnce()
    // The reload: a new page in the same tab keeps its session storage, nothing else.
    const after = fakeBrowser({ cookies: LOGGED_IN, sessionStorage: suite.page.sessionStorage })
    await storm(10)
    expect(after.reload).not.toHaveBeenCalled()
    expect(tokenRemovals(after)).toBe(0)
  })

  it('once the window has passed, a new storm reloads again', async () => {
    const sessionStorage = new MemoryStorage()
    sessionStorage.setItem(UNAUTHORIZED_AT_KEY, String(Date.now() - UNAUTHORIZED_WINDOW - 1))
    const later = fakeBrowser({ cookies: LOGGED_IN, sessionStorage })
    await storm(5)
    expect(later.reload).toHaveBeenCalledOnce()
  })

  it('a mark from the future (clock set back) does not block handling', async () => {
    const sessionStorage = new MemoryStorage()
    sessionStorage.setItem(UNAUTHORIZED_AT_KEY, String(Date.now() + 60_000))
    const skewed = fakeBrowser({ cookies: LOGGED_IN, sessionStorage })
    await storm(3)
    expect(skewed.reload).toHaveBeenCalledOnce()
  })

  it('without session storage the guard still holds within the page (in-memory fallback)', async () => {
    const broken = new MemoryStorage()
    broken.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError')
    }
    const locked = fakeBrowser({ cookies: LOGGED_IN, sessionStorage: broken })
    await storm(5)
    await storm(5)
    expect(locked.reload).toHaveBeenCalledOnce()
  })
})
