import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forwardGateway, GatewayHungUp, GatewayUnreachable, gatewayForwarder } from './forward-gateway'

interface Seen {
  method: string
  url: string
  body: string
  headers: Record<string, string | string[] | undefined>
}
let gateway: Server
let gatewayOrigin: string
const seen: Seen[] = []

beforeAll(async () => {
  // A stand-in gateway on a real socket: it echoes what reached it.
  gateway = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers })
      if (req.url === '/dance-gateway/redirect') {
        res.writeHead(302, { location: '/elsewhere' }).end()
        return
      }
      if (req.url === '/dance-gateway/hang-up') {
        req.socket.destroy()
        return
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 0, path: req.url }))
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  gatewayOrigin = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`
})

afterAll(() => new Promise((resolve) => gateway?.close(resolve)))

describe('forwardGateway: which requests go to the gateway', () => {
  const part = () => forwardGateway({ gateway: async () => new Response('from the gateway') })

  it.each([
    ['/dance-gateway', true],
    ['/dance-gateway/', true],
    ['/dance-gateway/classes/7?x=1', true],
    ['/healthz', true],
    ['/healthz/more', false],
    ['/dance-gatewayx', false],
    ['/classes/7', false],
    ['/assets/dance-gateway/x.js', false],
  ])('%s to the gateway: %s', async (path, forwarded) => {
    const res = await part()(new Request(`http://h5.example${path}`, { method: 'POST' }))
    expect(res !== undefined).toBe(forwarded)
    if (res) expect(await res.text()).toBe('from the gateway')
  })

  it('follows another prefix and other exact paths', async () => {
    const custom = forwardGateway({
      gateway: async () => new Response('gw'),
      prefix: '/gw',
      forwardPaths: ['/status'],
    })
    const reaches = async (path: string) =>
      (await custom(new Request(`http://h5.example${path}`))) !== undefined
    expect(await Promise.all(['/gw/x', '/status', '/healthz', '/dance-gateway/x'].map(reaches))).toEqual([
      true,
      true,
      false,
      false,
    ])
  })
})

describe('gatewayForwarder: the gateway reached as a reverse proxy does', () => {
  it('keeps the method, path, query and body', async () => {
    const forward = gatewayForwarder(gatewayOrigin)
    const res = await forward(
      new Request('http://h5.example/dance-gateway/auth/login?x=1', { method: 'POST', body: '{"a":1}' }),
    )
    expect(await res.json()).toEqual({ code: 0, path: '/dance-gateway/auth/login?x=1' })
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"a":1}' })
    expect(seen.at(-1)?.headers['x-forwarded-for']).toBeUndefined()
  })

  it('says the host, scheme and client address it was reached at', async () => {
    const forward = gatewayForwarder(gatewayOrigin, () => '203.0.113.9')
    await forward(
      new Request('https://h5.example/healthz', {
        headers: { 'x-forwarded-for': '198.51.100.1' },
      }),
    )
    expect(seen.at(-1)?.headers).toMatchObject({
      'x-forwarded-for': '198.51.100.1, 203.0.113.9',
      'x-forwarded-host': 'h5.example',
      'x-forwarded-proto': 'https',
    })
  })

  it('passes a gateway redirect back instead of following it', async () => {
    const res = await gatewayForwarder(gatewayOrigin)(new Request('http://h5.example/dance-gateway/redirect'))
    expect([res.status, res.headers.get('location')]).toEqual([302, '/elsewhere'])
  })

  it('throws GatewayUnreachable when nothing listens, GatewayHungUp when the gateway hangs up', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`
    await new Promise((resolve) => probe.close(resolve))
    await expect(gatewayForwarder(closed)(new Request('http://h5.example/healthz'))).rejects.toBeInstanceOf(
      GatewayUnreachable,
    )
    await expect(
      gatewayForwarder(gatewayOrigin)(new Request('http://h5.example/dance-gateway/hang-up')),
    ).rejects.toBeInstanceOf(GatewayHungUp)
  })
})
