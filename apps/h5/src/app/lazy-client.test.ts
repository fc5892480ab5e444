import type { GatewayClient } from '@xdance/http'
import { GatewayTransportError } from '@xdance/http/errors'
import { describe, expect, test } from 'vitest'
import { failureKind } from './gateway-failure'
import { lazyGatewayClient } from './lazy-client'

function setup(outcomes: Array<'fail' | 'ok'> = ['ok']) {
  const calls: Array<{ method: string; args: unknown[] }> = []
  const toasts: string[] = []
  let loads = 0
  const record =
    (method: string) =>
    async (...args: unknown[]) => {
      calls.push({ method, args })
      return `${method} answer`
    }
  const real = {
    request: record('request'),
    get: record('get'),
    delete: record('delete'),
    post: record('post'),
    put: record('put'),
  } as unknown as GatewayClient
  const client = lazyGatewayClient(
    async () => {
      const outcome = outcomes[loads++] ?? 'ok'
      if (outcome === 'fail') throw new TypeError('Failed to fetch dynamically imported module')
      return real
    },
    (message) => toasts.push(message),
    '请求错误，请稍后重试',
  )
  return { client, calls, toasts, loads: () => loads }
}

describe('the gateway client loaded when first needed', () => {
  test('loads nothing until asked', () => {
    const { loads } = setup()
    expect(loads()).toBe(0)
  })

  test('forwards each method with its arguments and answer, loading the client once for all', async () => {
    const { client, calls, loads } = setup()
    const answers = await Promise.all([
      client.get('/classes', { query: { day: '2026-11-27' } }),
      client.post('/bookings', { classId: 7 }, { silent: true }),
      client.put('/profile', { name: 'Li' }),
      client.delete('/bookings/3'),
      client.request('/notices', { method: 'GET' }),
    ])
    expect(answers).toEqual(['get answer', 'post answer', 'put answer', 'delete answer', 'request answer'])
    expect(calls).toEqual([
      { method: 'get', args: ['/classes', { query: { day: '2026-11-27' } }] },
      { method: 'post', args: ['/bookings', { classId: 7 }, { silent: true }] },
      { method: 'put', args: ['/profile', { name: 'Li' }] },
      { method: 'delete', args: ['/bookings/3'] },
      { method: 'request', args: ['/notices', { method: 'GET' }] },
    ])
    expect(loads()).toBe(1)
  })

  test('load() resolves the same client the calls use', async () => {
    const { client, loads } = setup()
    const [first, second] = await Promise.all([client.load(), client.load()])
    expect(first).toBe(second)
    await client.get('/x')
    expect(loads()).toBe(1)
  })

  test('a client that cannot load fails the call as a network failure (a toast unless silent), and the next call loads again', async () => {
    const { client, calls, toasts, loads } = setup(['fail', 'fail', 'ok'])
    const loud = await client.get('/classes').catch((error: unknown) => error)
    expect(GatewayTransportError.isInstance(loud)).toBe(true)
    expect(loud).toMatchObject({ kind: 'network', timeout: false })
    expect((loud as Error).cause).toBeInstanceOf(TypeError)
    // The page says what a customer can act on: offline, or the network.
    expect(failureKind(loud, false)).toBe('offline')
    expect(failureKind(loud, true)).toBe('network')
    expect(toasts).toEqual(['请求错误，请稍后重试'])

    const quiet = await client
      .post('/bookings', { classId: 7 }, { silent: true })
      .catch((error: unknown) => error)
    expect(GatewayTransportError.isInstance(quiet)).toBe(true)
    expect(toasts).toHaveLength(1)

    await expect(client.get('/classes')).resolves.toBe('get answer')
    expect(loads()).toBe(3)
    expect(calls).toEqual([{ method: 'get', args: ['/classes'] }])
  })
})
