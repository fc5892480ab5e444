import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ATTACK_CORPUS, SAFE_PATHS } from '../test/attack-corpus'
import { fakeBrowser, LOGGED_IN } from '../test/fake-browser'
import { envelope, startGateway, type TestGateway } from '../test/gateway'
import { createGatewayClient } from './create-gateway-client'
import { GatewayRequestError, GatewayTransportError } from './errors'

// A second server on another port plays the attacker: it counts every request and every Authorization it receives.
let gateway: TestGateway
let attacker: TestGateway
let attackerHost: string

beforeAll(async () => {
  gateway = await startGateway()
  attacker = await startGateway()
  attackerHost = `127.0.0.1:${attacker.port}`
})
afterAll(async () => {
  await gateway.close()
  await attacker.close()
})
beforeEach(() => {
  fakeBrowser({ cookies: LOGGED_IN })
  gateway.answer(envelope({ code: 200, data: 'ok' }))
  attacker.answer(envelope({ code: 200, data: 'stolen' }))
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the token never leaves the gateway', () => {
  it.each(ATTACK_CORPUS)('refuses %s before sending anything', async (_why, raw) => {
    const notify = vi.fn()
    const client = createGatewayClient({ baseURL: gateway.baseURL, notify, mode: 'web' })
    const path = raw.replaceAll('ATTACKER', attackerHost)
    for (const call of [() => client.get(path), () => client.post(path, { a: 1 }, { retry: 2 })]) {
      const error = await call().catch((e: unknown) => e)
      expect(GatewayRequestError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ name: 'GatewayRequestError', code: 'UNSAFE_PATH' })
    }
    expect(gateway.received).toHaveLength(0)
    expect(attacker.received).toHaveLength(0)
    expect(notify).not.toHaveBeenCalled()
  })

  it('sent no request, let alone an Authorization header, to the attacker during the whole corpus', async () => {
    const client = createGatewayClient({ baseURL: gateway.baseURL, mode: 'web' })
    const results = await Promise.allSettled(
      ATTACK_CORPUS.map(([, raw]) => client.post(raw.replaceAll('ATTACKER', attackerHost), { a: 1 })),
    )
    expect(results.every((result) => result.status === 'rejected')).toBe(true)
    expect(attacker.received.filter((r) => r.headers.authorization !== undefined)).toHaveLength(0)
    expect(attacker.received).toHaveLength(0)
  })

  it.each(SAFE_PATHS)(
    'sends %s to the gateway, under its base path, with the Authorization header',
    async (raw, expected) => {
      const client = createGatewayClient({ baseURL: gateway.baseURL, mode: 'web' })
      await expect(client.get(raw.replaceAll('ATTACKER', attackerHost))).resolves.toBe('ok')
      expect(gateway.received).toHaveLength(1)
      expect(gateway.received[0]?.url).toBe(`/dance-gateway${expected.replaceAll('ATTACKER', attackerHost)}`)
      expect(gateway.received[0]?.headers.authorization).toBe('Bearer web-token')
      expect(attacker.received).toHaveLength(0)
    },
  )

  it('does not follow a redirect, so the Authorization header cannot be carried to another origin', async () => {
    gateway.answer((_req, res) => {
      res.writeHead(302, { location: `${attacker.url}/steal` })
      res.end()
    })
    const client = createGatewayClient({ baseURL: gateway.baseURL, mode: 'web' })
    const error = await client.get('/member/profile').catch((e: unknown) => e)
    expect(GatewayTransportError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ kind: 'network' })
    expect(attacker.received).toHaveLength(0)
  })

  it('joins a baseURL with a trailing slash without doubling it', async () => {
    const client = createGatewayClient({ baseURL: `${gateway.baseURL}/`, mode: 'web' })
    await client.get('/member/profile')
    expect(gateway.received[0]?.url).toBe('/dance-gateway/member/profile')
  })
})
