import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clientSuite } from '../test/client-suite'
import { fakeBrowser, LOGGED_IN } from '../test/fake-browser'
import { delay, envelope, send, startGateway, type TestGateway } from '../test/gateway'
import { DEFAULT_MESSAGES } from './constants'
import { createGatewayClient } from './create-gateway-client'
import { GatewayError, GatewayRequestError, GatewayTransportError, XdanceHttpError } from './errors'

const suite = clientSuite({
  page: { cookies: LOGGED_IN, local: { orgId: '42' } },
  answer: envelope({ code: 200, data: 'ok' }),
})
const failure = (promise: Promise<unknown>) =>
  promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`)
    },
    (error: unknown) => error,
  )
const bodies = () => suite.gateway.received.map((r) => (r.body ? JSON.parse(r.body) : undefined))

describe('the envelope', () => {
  it.each([200, '200', 'ok'])('resolves data for the success code %j', async (code) => {
    suite.gateway.answer(envelope({ code, data: { id: 7 }, msg: '', tips: '' }))
    await expect(suite.client().get('/course/7')).resolves.toEqual({ id: 7 })
    expect(suite.notify).not.toHaveBeenCalled()
  })

  it.each([
    [500, 'boom', 'later', 'boom'],
    ['500', '', 'try later', 'try later'],
    [0, undefined, undefined, DEFAULT_MESSAGES.requestError],
    [-1, null, 'tips only', 'tips only'],
    ['fail', 'bad input', undefined, 'bad input'],
    ['OK', '', '', DEFAULT_MESSAGES.requestError],
    [201, 'created is not success', undefined, 'created is not success'],
    [40301, 'no plan', undefined, 'no plan'],
  ])(
    'rejects code %j with GatewayError and toasts msg || tips || the default',
    async (code, msg, tips, toast) => {
      suite.gateway.answer(envelope({ code, data: { detail: 1 }, msg, tips }))
      const error = await failure(suite.client().post('/order', { a: 1 }))
      expect(GatewayError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ name: 'GatewayError', code, data: { detail: 1 }, unauthorized: false })
      expect(suite.notify).toHaveBeenCalledExactlyOnceWith(toast, 'error')
    },
  )

  it('uses the messages given to the client', async () => {
    suite.gateway.answer(envelope({ code: 500, data: null }))
    await failure(suite.client({ messages: { requestError: 'Request failed' } }).get('/x'))
    expect(suite.notify).toHaveBeenCalledExactlyOnceWith('Request failed', 'error')
  })

  it('resolves the whole envelope with needCode, whatever its code, without a toast', async () => {
    suite.gateway.answer(envelope({ code: 500, data: 1, msg: 'boom', tips: '' }))
    await expect(
      suite.client().request('/trace', { method: 'POST', body: {}, needCode: true }),
    ).resolves.toEqual({
      code: 500,
      data: 1,
      msg: 'boom',
      tips: '',
    })
    expect(suite.notify).not.toHaveBeenCalled()
  })

  it('gives a needCode caller msg and tips as empty strings when the gateway leaves them out', async () => {
    suite.gateway.answer(envelope({ code: 200, data: 2 }))
    await expect(suite.client().get('/trace', { needCode: true })).resolves.toEqual({
      code: 200,
      data: 2,
      msg: '',
      tips: '',
    })
  })

  it('still rejects and toasts a transport error with needCode', async () => {
    suite.gateway.answer((_req, res) => send(res, 502, '<html>Bad Gateway</html>', 'text/html'))
    const error = await failure(suite.client().get('/trace', { needCode: true }))
    expect(error).toMatchObject({ name: 'GatewayTransportError', kind: 'http', status: 502 })
    expect(suite.notify).toHaveBeenCalledOnce()
  })

  it('shows no toast at all for a silent call, which still rejects', async () => {
    suite.gateway.answer(envelope({ code: 500, data: null, msg: 'boom' }))
    await expect(suite.client().post('/trace', {}, { silent: true })).rejects.toMatchObject({ code: 500 })
    // The server never answers: it waits until the client gives up and closes the connection.
    suite.gateway.answer((_req, res) => new Promise<void>((resolve) => res.on('close', resolve)))
    await expect(suite.client().get('/slow', { silent: true, timeout: 50 })).rejects.toMatchObject({
      kind: 'timeout',
    })
    expect(suite.notify).not.toHaveBeenCalled()
  })
})

describe('the request', () => {
  it('sends to baseURL + path with credentials included and redirects refused', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await suite.client().get('/member/profile', { query: { a: 1, b: 'x y', c: undefined } })
    expect(suite.gateway.received[0]).toMatchObject({ method: 'GET' })
    const url = new URL(suite.gateway.received[0]?.url ?? '', suite.gateway.url)
    expect(url.pathname).toBe('/dance-gateway/member/profile')
    expect(Object.fromEntries(url.searchParams)).toEqual({ a: '1', b: 'x y' })
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include', redirect: 'error' })
  })

  it.each([
    ['get', 'GET'],
    ['delete', 'DELETE'],
    ['post', 'POST'],
    ['put', 'PUT'],
  ] as const)('%s sends %s', async (name, method) => {
    const api = suite.client()
    await (name === 'get' || name === 'delete' ? api[name]('/x') : api[name]('/x', { a: 1 }))
    expect(suite.gateway.received[0]?.method).toBe(method)
  })

  it('defaults to POST when there is a body and GET otherwise', async () => {
    await suite.client().request('/a', { body: { a: 1 } })
    await suite.client().request('/b')
    expect(suite.gateway.received.map((r) => r.method)).toEqual(['POST', 'GET'])
  })

  it('encodes the query: arrays repeat the key, undefined is left out, nothing can break out of a value', async () => {
    await suite.client().get('/q', {
      query: { tag: ['a', 'b'], n: 0, off: false, gone: undefined, tricky: 'a&b=c#d /?' },
    })
    const url = new URL(suite.gateway.received[0]?.url ?? '', suite.gateway.url)
    expect(url.pathname).toBe('/dance-gateway/q')
    expect([...url.searchParams]).toEqual([
      ['tag', 'a'],
      ['tag', 'b'],
      ['n', '0'],
      ['off', 'false'],
      ['tricky', 'a&b=c#d /?'],
    ])
  })

  it('passes headers and shorthand options through', async () => {
    await suite.client().post('/x', { a: 1 }, { headers: { 'x-trace': 'abc' }, query: { q: 1 } })
    expect(suite.gateway.received[0]?.headers['x-trace']).toBe('abc')
    expect(suite.gateway.received[0]?.url).toBe('/dance-gateway/x?q=1')
  })
})

describe('the Authorization header', () => {
  it.each([
    ['web', 'Bearer web-token'],
    ['app', 'Bearer app-token'],
  ] as const)('in %s mode is the head cookie followed by that mode’s token', async (mode, expected) => {
    await suite.client({ mode }).get('/x')
    expect(suite.gateway.received[0]?.headers.authorization).toBe(expected)
  })

  it('reads the mode from a function on every call', async () => {
    let mode: 'web' | 'app' = 'web'
    const api = suite.client({ mode: () => mode })
    await api.get('/x')
    mode = 'app'
    await api.get('/x')
    expect(suite.gateway.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer web-token',
      'Bearer app-token',
    ])
  })

  it('detects the mode from the page by default (source=app)', async () => {
    fakeBrowser({ cookies: LOGGED_IN, href: 'https://h5.test/#/home?source=app' })
    await createGatewayClient({ baseURL: suite.gateway.baseURL }).get('/x')
    expect(suite.gateway.received[0]?.headers.authorization).toBe('Bearer app-token')
  })

  it.each([
    ['no cookies', {}],
    ['no head cookie', { 'xdance-token': 't' }],
    ['no token cookie', { 'xdance-head': 'Bearer ' }],
    ['an empty token cookie', { 'xdance-head': 'Bearer ', 'xdance-token': '' }],
  ])('is not sent at all with %s (never an empty header)', async (_case, cookies) => {
    fakeBrowser({ cookies })
    await suite.client().get('/x')
    expect('authorization' in (suite.gateway.received[0]?.headers ?? {})).toBe(false)
  })

  it.each([
    ['a newline', { ...LOGGED_IN, 'xdance-token': 'abc%0Adef' }, 'xdance-token'],
    ['a non-Latin-1 character', { ...LOGGED_IN, 'xdance-head': '%E4%B8%AD' }, 'xdance-head'],
    ['a NUL', { ...LOGGED_IN, 'xdance-token': '%00' }, 'xdance-token'],
  ])(
    'refuses a cookie holding %s with an error naming the cookie, before sending',
    async (_case, cookies, name) => {
      fakeBrowser({ cookies })
      const error = await failure(suite.client().get('/x', { retry: 2 }))
      expect(GatewayRequestError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ code: 'INVALID_HEADER', cookie: name })
      expect((error as Error).message).toContain(name)
      expect(suite.gateway.received).toHaveLength(0)
      expect(suite.notify).not.toHaveBeenCalled()
    },
  )

  it('reads each cookie once per call when the header can be sent (the culprit is looked for only on failure)', async () => {
    const reads = vi.spyOn(suite.page.document, 'cookie', 'get')
    await suite.client().get('/x')
    // The head cookie and the token cookie, nothing more.
    expect(reads).toHaveBeenCalledTimes(2)
  })

  it('names the app token cookie in app mode', async () => {
    fakeBrowser({ cookies: { ...LOGGED_IN, 'app-token': 'x%0D' } })
    await expect(suite.client({ mode: 'app' }).get('/x')).rejects.toMatchObject({ cookie: 'app-token' })
  })
})

describe('orgId', () => {
  it('is added to a plain-object body in web mode, without touching the caller’s object', async () => {
    const body = { page: 1 }
    await suite.client().post('/list', body)
    expect(bodies()).toEqual([{ page: 1, orgId: '42' }])
    expect(body).toEqual({ page: 1 })
  })

  it('is not added in app mode', async () => {
    await suite.client({ mode: 'app' }).post('/list', { page: 1 })
    expect(bodies()).toEqual([{ page: 1 }])
  })

  it('keeps the body’s own orgId', async () => {
    await suite.client().post('/list', { orgId: '7' })
    expect(bodies()).toEqual([{ orgId: '7' }])
  })

  it('is not added when none is stored', async () => {
    fakeBrowser({ cookies: LOGGED_IN })
    await suite.client().post('/list', { page: 1 })
    expect(bodies()).toEqual([{ page: 1 }])
  })

  it('leaves FormData, Blob, string and array bodies alone', async () => {
    const form = new FormData()
    form.set('file', 'x')
    await suite.client().post('/upload', form)
    await suite.client().post('/blob', new Blob(['raw bytes']))
    await suite.client().post('/text', 'a=1')
    await suite.client().post('/array', [1, 2])
    const [multipart, blob, text, array] = suite.gateway.received
    expect(multipart?.headers['content-type']).toMatch(/^multipart\/form-data/)
    expect(multipart?.body).not.toContain('orgId')
    expect(blob?.body).toBe('raw bytes')
    expect(text?.body).toBe('a=1')
    expect(array?.body).toBe('[1,2]')
  })

  it('is not added to a GET without a body', async () => {
    await suite.client().get('/list')
    expect(suite.gateway.received[0]?.url).toBe('/dance-gateway/list')
  })
})

describe('retries', () => {
  it('makes no retry without `retry`, for any method', async () => {
    suite.gateway.answer(envelope({ code: 500, data: null }))
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'])
      await failure(suite.client().request('/x', { method }))
    expect(suite.gateway.received).toHaveLength(4)
  })

  it.each([1, 2, 3])(
    'with retry: %i, a failure code reaches the server n + 1 times and toasts once',
    async (n) => {
      suite.gateway.answer(envelope({ code: 500, data: null, msg: 'boom' }))
      await failure(suite.client().post('/x', { a: 1 }, { retry: n, retryDelay: 2 }))
      expect(suite.gateway.received).toHaveLength(n + 1)
      expect(suite.notify).toHaveBeenCalledExactlyOnceWith('boom', 'error')
    },
  )

  it('retries transport errors too, and resolves when a later try succeeds, without a toast', async () => {
    suite.gateway.answer((_req, res, _body, index) =>
      index < 2 ? send(res, 503, 'busy', 'text/plain') : send(res, 200, '{"code":200,"data":"third"}'),
    )
    await expect(suite.client().get('/x', { retry: 2 })).resolves.toBe('third')
    expect(suite.gateway.received).toHaveLength(3)
    expect(suite.notify).not.toHaveBeenCalled()
  })

  it.each([Number.NaN, -1, 0])('makes no retry with retry: %s (never an endless loop)', async (retry) => {
    suite.gateway.answer(envelope({ code: 500, data: null, msg: 'boom' }))
    await failure(suite.client().get('/x', { retry }))
    expect(suite.gateway.received).toHaveLength(1)
    expect(suite.notify).toHaveBeenCalledExactlyOnceWith('boom', 'error')
  })

  it.each([
    ['1 ms by default', undefined, 1],
    ['retryDelay ms when given', 40, 40],
  ])('waits %s between tries', async (_case, retryDelay, ms) => {
    suite.gateway.answer(envelope({ code: 500, data: null }))
    const timers = vi.spyOn(globalThis, 'setTimeout')
    await failure(suite.client().get('/x', { retry: 2, ...(retryDelay === undefined ? {} : { retryDelay }) }))
    expect(suite.gateway.received).toHaveLength(3)
    expect(timers.mock.calls.filter(([, delay]) => delay === ms)).toHaveLength(2)
  })

  it('adds the orgId once and sends it on every try', async () => {
    suite.gateway.answer(envelope({ code: 500, data: null }))
    const body = { page: 1 }
    await failure(suite.client().post('/x', body, { retry: 2 }))
    expect(bodies()).toEqual([
      { page: 1, orgId: '42' },
      { page: 1, orgId: '42' },
      { page: 1, orgId: '42' },
    ])
    expect(body).toEqual({ page: 1 })
  })

  it('gives every try its own full timeout window', async () => {
    // Try 1 hangs until the client gives it up, using all of its window; try 2 answers at once. A window shared
    // between tries (nothing left of it for try 2) or a retry reusing the already-aborted signal (ofetch 1.x) would
    // fail try 2. A window of a second leaves try 2's answer on loopback room on a busy machine.
    suite.gateway.answer(async (_req, res, _body, index) => {
      if (index === 0) return new Promise<void>((resolve) => res.on('close', resolve))
      send(res, 200, '{"code":200,"data":"second"}')
    })
    await expect(suite.client().get('/x', { retry: 1, timeout: 1000 })).resolves.toBe('second')
    expect(suite.gateway.received).toHaveLength(2)
    expect(suite.notify).not.toHaveBeenCalled()
  })
})

describe('the timeout', () => {
  it.each([
    ['HTTP_TIMEOUT (20000 ms) by default', {}, {}, 20_000],
    ['the client’s', { timeout: 300 }, {}, 300],
    ['the call’s, over the client’s', { timeout: 300 }, { timeout: 250 }, 250],
    ['zero when asked', {}, { timeout: 0, needCode: true }, 0],
  ])('of each try is %s', async (_case, clientOptions, callOptions, ms) => {
    const timers = vi.spyOn(globalThis, 'setTimeout')
    await suite
      .client(clientOptions)
      .get('/x', callOptions)
      .catch(() => {})
    // The attempt's window is the first timer the call sets.
    expect(timers.mock.calls[0]?.[1]).toBe(ms)
    timers.mockRestore()
  })

  it.each([Number.NaN, -1, Number.POSITIVE_INFINITY, 1.5, 2 ** 31, '100'])(
    'of %s is refused with GatewayRequestError INVALID_TIMEOUT before sending, from the call or the client',
    async (bad) => {
      const timeout = bad as number
      for (const call of [
        () => suite.client().get('/x', { timeout }),
        () => suite.client({ timeout }).post('/x', {}),
      ]) {
        const error = await failure(call())
        expect(GatewayRequestError.isInstance(error)).toBe(true)
        expect(error).toMatchObject({ name: 'GatewayRequestError', code: 'INVALID_TIMEOUT' })
        expect((error as Error).message).toContain(String(bad))
      }
      expect(suite.gateway.received).toHaveLength(0)
      expect(suite.notify).not.toHaveBeenCalled()
    },
  )
})

describe('transport errors', () => {
  const cases: Array<[string, Parameters<TestGateway['answer']>[0], object]> = [
    [
      'an HTML 502 page from a proxy',
      (_q, res) => send(res, 502, '<html>502</html>', 'text/html'),
      { kind: 'http', status: 502 },
    ],
    ['a 500 with a JSON envelope', envelope({ code: 500, data: null }, 500), { kind: 'http', status: 500 }],
    ['an empty body', (_q, res) => send(res, 200, ''), { kind: 'parse', status: 200 }],
    [
      'a 204 No Content',
      (_q, res) => {
        res.writeHead(204)
        res.end()
      },
      { kind: 'parse', status: 204 },
    ],
    ['a body that is not JSON', (_q, res) => send(res, 200, 'hello', 'text/plain'), { kind: 'parse' }],
    ['broken JSON', (_q, res) => send(res, 200, '{"code":'), { kind: 'parse' }],
    ['JSON without a code', (_q, res) => send(res, 200, '{"data":1}'), { kind: 'parse' }],
    ['JSON null', (_q, res) => send(res, 200, 'null'), { kind: 'parse' }],
    [
      'a connection reset before any answer',
      (req) => {
        req.socket.destroy()
      },
      { kind: 'network', status: undefined },
    ],
    [
      'a reset in the middle of the body',
      (req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
        res.write('{"code":200,')
        setTimeout(() => req.socket.destroy(), 20)
      },
      { kind: 'network' },
    ],
  ]

  it.each(cases)(
    '%s rejects with GatewayTransportError and toasts the request error',
    async (_case, answer, fields) => {
      suite.gateway.answer(answer)
      const error = await failure(suite.client().get('/x'))
      expect(GatewayTransportError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ name: 'GatewayTransportError', timeout: false, ...fields })
      expect(suite.notify).toHaveBeenCalledExactlyOnceWith(DEFAULT_MESSAGES.requestError, 'error')
    },
  )

  it('a refused connection is a network error whose cause is wrapped, never ofetch’s FetchError itself', async () => {
    const closed = await startGateway()
    await closed.close()
    const error = await failure(
      createGatewayClient({ baseURL: closed.baseURL, mode: 'web', notify: suite.notify }).get('/x'),
    )
    expect(error).toMatchObject({ name: 'GatewayTransportError', kind: 'network' })
    expect(XdanceHttpError.isInstance(error)).toBe(true)
    expect((error as Error).cause).toMatchObject({ name: 'FetchError' })
    expect(suite.notify).toHaveBeenCalledExactlyOnceWith(DEFAULT_MESSAGES.requestError, 'error')
  })

  it('a server that never answers times out with the timeout toast', async () => {
    suite.gateway.answer(() => {})
    const error = await failure(suite.client({ timeout: 100 }).get('/x'))
    expect(error).toMatchObject({ name: 'GatewayTransportError', kind: 'timeout', timeout: true })
    expect(suite.notify).toHaveBeenCalledExactlyOnceWith(DEFAULT_MESSAGES.timeout, 'timeout')
  })

  it('a slow body times out too: the window covers reading the body', async () => {
    suite.gateway.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"code":200,')
      // The rest never comes within the window.
    })
    const error = await failure(suite.client().get('/x', { timeout: 150 }))
    expect(error).toMatchObject({ kind: 'timeout', timeout: true })
    expect(suite.notify).toHaveBeenCalledExactlyOnceWith(DEFAULT_MESSAGES.timeout, 'timeout')
  })

  it('a timeout retried until the last try toasts once', async () => {
    suite.gateway.answer(() => {})
    await failure(suite.client().get('/x', { timeout: 50, retry: 2 }))
    // A try the client gave up on may reach the server after the call has failed, on a busy machine.
    await vi.waitFor(() => expect(suite.gateway.received).toHaveLength(3), { timeout: 10_000 })
    expect(suite.notify).toHaveBeenCalledExactlyOnceWith(DEFAULT_MESSAGES.timeout, 'timeout')
  })
})

describe('abort', () => {
  it('the caller’s abort rejects with kind abort, is never retried and shows no toast', async () => {
    suite.gateway.answer(() => {})
    const controller = new AbortController()
    const pending = failure(suite.client().get('/x', { signal: controller.signal, retry: 3, timeout: 5000 }))
    await vi.waitFor(() => expect(suite.gateway.received).toHaveLength(1))
    controller.abort()
    const error = await pending
    expect(error).toMatchObject({ name: 'GatewayTransportError', kind: 'abort', timeout: false })
    await delay(50)
    expect(suite.gateway.received).toHaveLength(1)
    expect(suite.notify).not.toHaveBeenCalled()
  })

  it('an already aborted signal sends nothing', async () => {
    const error = await failure(suite.client().get('/x', { signal: AbortSignal.abort(), retry: 1 }))
    expect(error).toMatchObject({ kind: 'abort' })
    expect(suite.gateway.received).toHaveLength(0)
  })

  it('a caller’s signal that is not aborted does not shorten the window', async () => {
    suite.gateway.answer(async (_req, res) => {
      await delay(100)
      send(res, 200, '{"code":200,"data":1}')
    })
    await expect(suite.client().get('/x', { signal: new AbortController().signal })).resolves.toBe(1)
  })
})

describe('no server needed', () => {
  let blackhole: Server | undefined
  afterEach(() => blackhole?.close())

  it('a TCP server that accepts but never speaks HTTP times out', async () => {
    blackhole = createServer(() => {})
    await new Promise<void>((resolve) => blackhole?.listen(0, '127.0.0.1', resolve))
    const address = blackhole.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const error = await failure(
      createGatewayClient({ baseURL: `http://127.0.0.1:${port}`, mode: 'web' }).get('/x', { timeout: 100 }),
    )
    expect(error).toMatchObject({ kind: 'timeout' })
  })
})

describe('on the support floor (iOS 15, Chromium 87): no AbortSignal.any, no AbortSignal.timeout', () => {
  const native = { any: AbortSignal.any, timeout: AbortSignal.timeout }
  const withoutThem = async (body: () => Promise<void>) => {
    const signal = AbortSignal as unknown as Record<string, unknown>
    delete signal.any
    delete signal.timeout
    try {
      await body()
    } finally {
      Object.assign(AbortSignal, native)
    }
  }

  it('a call answers, a slow one times out, a caller’s abort is an abort', () =>
    withoutThem(async () => {
      expect('any' in AbortSignal || 'timeout' in AbortSignal).toBe(false)
      suite.gateway.answer((req, res) => {
        if (req.url?.endsWith('/slow')) return
        send(res, 200, '{"code":200,"data":"ok"}')
      })
      await expect(suite.client().get('/x')).resolves.toBe('ok')
      await expect(
        failure(suite.client().get('/slow', { timeout: 100, silent: true })),
      ).resolves.toMatchObject({
        kind: 'timeout',
      })
      const controller = new AbortController()
      const aborted = failure(suite.client().get('/slow', { signal: controller.signal, timeout: 5000 }))
      await vi.waitFor(() => expect(suite.gateway.received).toHaveLength(3), { timeout: 10_000 })
      controller.abort()
      await expect(aborted).resolves.toMatchObject({ kind: 'abort', timeout: false })
    }))

  it('leaves no listener on a caller’s signal shared by 20 calls', async () => {
    const controller = new AbortController()
    const added = vi.spyOn(controller.signal, 'addEventListener')
    const removed = vi.spyOn(controller.signal, 'removeEventListener')
    await Promise.all(
      Array.from({ length: 20 }, () => suite.client().get('/x', { signal: controller.signal })),
    )
    expect(added).toHaveBeenCalledTimes(20)
    expect(removed.mock.calls).toEqual(added.mock.calls)
  })
})
