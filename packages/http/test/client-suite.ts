// The scaffolding every client test file shares: one loopback gateway for the file, and before each test a fresh
// page (cookies, storage), a fresh `notify` spy and the gateway's default answer.
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { createGatewayClient } from '../src/create-gateway-client'
import type { GatewayClient, GatewayClientOptions } from '../src/types'
import { type FakeBrowser, fakeBrowser } from './fake-browser'
import { GENERATION_HEADER, type Handler, startGateway, type TestGateway } from './gateway'

export interface ClientSuite {
  gateway: TestGateway
  page: FakeBrowser
  notify: ReturnType<typeof vi.fn<NonNullable<GatewayClientOptions['notify']>>>
  /** A web-mode client of the gateway, toasting through `notify`. */
  client(options?: Partial<GatewayClientOptions>): GatewayClient
}

/** Registers the hooks; the returned object's fields are fresh in every test. */
export function clientSuite(setup: {
  page: Parameters<typeof fakeBrowser>[0]
  answer: Handler
}): ClientSuite {
  const suite = {
    client: (options = {}) =>
      createGatewayClient({ baseURL: suite.gateway.baseURL, notify: suite.notify, mode: 'web', ...options }),
  } as ClientSuite
  // Every request to the suite's gateway carries the gateway's generation when it was sent, so one an earlier test
  // left on the wire (its client gave up on a slow answer) and that arrives late is not taken for this test's: on a
  // busy machine one was ('/slow' recorded as the next test's first request).
  const nativeFetch = globalThis.fetch
  const stamped: typeof fetch = (input, init) => {
    const request = input instanceof Request ? input : undefined
    if (!String(request ? request.url : input).startsWith(suite.gateway.url)) return nativeFetch(input, init)
    // The call's headers (a Request's own when the call gives none), with the stamp.
    const headers = new Headers(init?.headers ?? request?.headers)
    headers.set(GENERATION_HEADER, String(suite.gateway.generation))
    return nativeFetch(input, { ...init, headers })
  }
  beforeAll(async () => {
    suite.gateway = await startGateway()
    globalThis.fetch = stamped
  })
  afterAll(() => {
    globalThis.fetch = nativeFetch
    return suite.gateway.close()
  })
  beforeEach(() => {
    suite.notify = vi.fn()
    suite.page = fakeBrowser(setup.page)
    suite.gateway.answer(setup.answer)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
  return suite
}
