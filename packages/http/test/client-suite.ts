// The scaffolding every client test file shares: one loopback gateway for the file, and before each test a fresh
// page (cookies, storage), a fresh `notify` spy and the gateway's default answer.
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { createGatewayClient } from '../src/create-gateway-client'
import type { GatewayClient, GatewayClientOptions } from '../src/types'
import { type FakeBrowser, fakeBrowser } from './fake-browser'
import { type Handler, startGateway, type TestGateway } from './gateway'

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
  beforeAll(async () => {
    suite.gateway = await startGateway()
  })
  afterAll(() => suite.gateway.close())
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
