import type { GatewayClient, RequestOptions } from '@xdance/http'
import { describe, expect, it } from 'vitest'
import { beaconGateway, callGateway } from './gateway-call'

/** A client that records what it was asked and answers `data`. */
function recording(data: unknown = null) {
  const calls: { path: string; options: RequestOptions | undefined }[] = []
  const client = {
    request: async (path: string, options?: RequestOptions) => {
      calls.push({ path, options })
      return data
    },
  } as unknown as GatewayClient
  return { client, calls }
}

describe('callGateway: a call by its contract key', () => {
  it('a GET with a path parameter: the path filled, the method from the contract, the signal passed', async () => {
    const { client, calls } = recording({ id: 7 })
    const signal = new AbortController().signal
    expect(await callGateway(client, 'GET /classes/:id', { params: { id: 7 } }, { signal })).toEqual({
      id: 7,
    })
    expect(calls).toEqual([{ path: '/classes/7', options: { signal, method: 'GET' } }])
  })

  it('a GET with a query', async () => {
    const { client, calls } = recording({ list: [] })
    await callGateway(client, 'GET /classes', {
      query: { from: '2025-06-02', to: '2025-06-02', style: undefined },
    })
    expect(calls[0]).toEqual({
      path: '/classes',
      options: { method: 'GET', query: { from: '2025-06-02', to: '2025-06-02', style: undefined } },
    })
  })

  it('a POST with a body and an action’s options (its Idempotency-Key, silent)', async () => {
    const { client, calls } = recording()
    const options = { headers: { 'idempotency-key': 'k-12345678' }, silent: true as const }
    await callGateway(client, 'POST /bookings', { body: { classId: 7, cardId: 3 } }, options)
    expect(calls[0]).toEqual({
      path: '/bookings',
      options: { ...options, method: 'POST', body: { classId: 7, cardId: 3 } },
    })
  })

  it('a POST without a body sends none; a path parameter is encoded', async () => {
    const { client, calls } = recording()
    await callGateway(client, 'POST /bookings/:id/cancel', { params: { id: 5 } })
    await callGateway(client, 'GET /actions/:key', { params: { key: 'a/b' } })
    expect(calls).toEqual([
      { path: '/bookings/5/cancel', options: { method: 'POST' } },
      { path: '/actions/a%2Fb', options: { method: 'GET' } },
    ])
  })
})

describe('beaconGateway: a report the page does not wait for', () => {
  it('sends the JSON body by sendBeacon to the prefixed path', async () => {
    const sent: { url: string; body: string; type: string }[] = []
    const handed = beaconGateway(
      '/dance-gateway',
      'POST /client-errors',
      { body: { message: 'TypeError: x' } },
      {
        sendBeacon: (url, body) => {
          sent.push({ url, body: '', type: body.type })
          void body.text().then((text) => {
            sent[0] = { ...sent[0], body: text } as (typeof sent)[0]
          })
          return true
        },
      },
    )
    expect(handed).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent).toEqual([
      { url: '/dance-gateway/client-errors', body: '{"message":"TypeError: x"}', type: 'application/json' },
    ])
  })

  it('falls back to a keepalive fetch when the beacon is refused or missing', () => {
    const fetched: { url: string; init: RequestInit }[] = []
    const fetch = async (url: string, init: RequestInit) => {
      fetched.push({ url, init })
      return undefined
    }
    expect(
      beaconGateway(
        '/g',
        'POST /client-errors',
        { body: { message: 'a' } },
        { sendBeacon: () => false, fetch },
      ),
    ).toBe(true)
    expect(beaconGateway('/g', 'POST /client-errors', { body: { message: 'b' } }, { fetch })).toBe(true)
    expect(fetched.map((call) => [call.url, call.init.keepalive, call.init.method, call.init.body])).toEqual([
      ['/g/client-errors', true, 'POST', '{"message":"a"}'],
      ['/g/client-errors', true, 'POST', '{"message":"b"}'],
    ])
  })

  it('answers false, and never throws, when nothing can carry it', () => {
    expect(beaconGateway('/g', 'POST /client-errors', { body: { message: 'a' } }, {})).toBe(false)
    const throwing = {
      sendBeacon: () => {
        throw new Error('blocked')
      },
    }
    expect(beaconGateway('/g', 'POST /client-errors', { body: { message: 'a' } }, throwing)).toBe(false)
  })

  it('a rejected fallback fetch is swallowed', async () => {
    const fetch = () => Promise.reject(new TypeError('offline'))
    expect(beaconGateway('/g', 'POST /client-errors', { body: { message: 'a' } }, { fetch })).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
})
