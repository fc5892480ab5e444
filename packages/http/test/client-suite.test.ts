import { request } from 'node:http'
import { expect, it } from 'vitest'
import { clientSuite } from './client-suite'
import { LOGGED_IN } from './fake-browser'
import { envelope, GENERATION_HEADER, send } from './gateway'

const suite = clientSuite({ page: { cookies: LOGGED_IN }, answer: envelope({ code: 200, data: 'ok' }) })

// A request the way one an earlier test left on the wire reaches the server: stamped with an earlier generation.
const stale = (generation: number) =>
  new Promise<string>((resolve) => {
    const late = request(`${suite.gateway.baseURL}/slow`, {
      headers: { [GENERATION_HEADER]: String(generation) },
    })
    late.on('error', (error) => resolve(error.message))
    late.on('response', (res) => resolve(`answered ${res.statusCode}`))
    late.end()
  })

it('a request of an earlier generation reaching the gateway late is closed, not recorded and not counted', async () => {
  const earlier = suite.gateway.generation
  const indexes: number[] = []
  suite.gateway.answer((_req, res, _body, index) => {
    indexes.push(index)
    send(res, 200, '{"code":200,"data":"ok"}')
  })
  await expect(stale(earlier)).resolves.toBe('socket hang up')
  await expect(suite.client().get('/x')).resolves.toBe('ok')
  expect(suite.gateway.received.map((r) => r.url)).toEqual(['/dance-gateway/x'])
  expect(indexes).toEqual([0])
})

it('the suite’s client stamps the current generation, which the gateway takes off before recording', async () => {
  await suite.client().get('/x')
  expect(suite.gateway.received).toHaveLength(1)
  expect(suite.gateway.received[0]?.headers).not.toHaveProperty(GENERATION_HEADER)
})
