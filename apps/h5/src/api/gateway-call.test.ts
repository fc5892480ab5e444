import type { GatewayClient, RequestOptions } from '@xdance/http'
import { describe, expect, it } from 'vitest'
import { callGateway } from './gateway-call'

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

describe('callGateway: a call by its contract name', () => {
  it('a GET with a path parameter: the path filled, the method from the contract, the signal passed', async () => {
    const { client, calls } = recording({ id: 7 })
    const signal = new AbortController().signal
    expect(await callGateway(client, 'getClass', { params: { id: 7 } }, { signal })).toEqual({ id: 7 })
    expect(calls).toEqual([{ path: '/classes/7', options: { signal, method: 'GET' } }])
  })

  it('a GET with a query', async () => {
    const { client, calls } = recording({ list: [] })
    await callGateway(client, 'listClasses', {
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
    await callGateway(client, 'bookClass', { body: { classId: 7, cardId: 3 } }, options)
    expect(calls[0]).toEqual({
      path: '/bookings',
      options: { ...options, method: 'POST', body: { classId: 7, cardId: 3 } },
    })
  })

  it('a POST without a body sends none; a path parameter is encoded', async () => {
    const { client, calls } = recording()
    await callGateway(client, 'cancelBooking', { params: { id: 5 } })
    await callGateway(client, 'lookupAction', { params: { key: 'a/b' } })
    expect(calls).toEqual([
      { path: '/bookings/5/cancel', options: { method: 'POST' } },
      { path: '/actions/a%2Fb', options: { method: 'GET' } },
    ])
  })
})
