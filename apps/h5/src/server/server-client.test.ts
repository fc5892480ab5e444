import { describe, expect, it } from 'vitest'
import { serverClient } from './server-client'

function gateway(answer: (request: Request) => Response) {
  const seen: string[] = []
  const fetch = async (request: Request) => {
    seen.push(`${request.method} ${request.url} ${request.headers.get('accept')}`)
    return answer(request)
  }
  return { seen, client: serverClient(fetch, 'http://gw.internal/dance-gateway') }
}
const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('the gateway client of a server-rendered page', () => {
  it('GETs with the query encoded and resolves the data (or the envelope with needCode)', async () => {
    const { client, seen } = gateway(() => envelope({ code: 200, data: { list: [1] }, msg: '', tips: '' }))
    await expect(
      client.get('/classes', { query: { from: '2026-11-23', style: 'hip hop', skip: undefined } }),
    ).resolves.toEqual({
      list: [1],
    })
    expect(seen).toEqual([
      'GET http://gw.internal/dance-gateway/classes?from=2026-11-23&style=hip+hop application/json',
    ])
    await expect(client.get('/org', { needCode: true })).resolves.toMatchObject({ code: 200 })
  })

  it.each([
    ['a failure code', () => envelope({ code: 50001, data: null, msg: 'down', tips: '' }), /code 50001/],
    ['an HTTP error', () => new Response('busy', { status: 503 }), /HTTP 503/],
    ['a body that is not JSON', () => new Response('<html>'), /JSON/],
  ])('rejects on %s', async (_name, answer, error) => {
    await expect(gateway(answer).client.get('/org')).rejects.toThrow(error)
  })

  it('only reads: a write never leaves', async () => {
    const { client, seen } = gateway(() => envelope({ code: 200, data: null, msg: '', tips: '' }))
    await expect(client.post('/bookings', { classId: 1 })).rejects.toThrow(/only reads: POST/)
    await expect(client.delete('/bookings/1')).rejects.toThrow(/only reads: DELETE/)
    expect(seen).toEqual([])
  })

  it('passes the signal: an aborted render stops its calls', async () => {
    const controller = new AbortController()
    controller.abort()
    const fetch = async (request: Request) => {
      if (request.signal.aborted) throw new DOMException('aborted', 'AbortError')
      return envelope({ code: 200, data: 1, msg: '', tips: '' })
    }
    await expect(serverClient(fetch, 'http://gw').get('/org', { signal: controller.signal })).rejects.toThrow(
      /aborted/,
    )
  })
})
